// Keys `npm run demo` runs the dashboard with: demo only, never for production. Apart from
// scripts/mfa-key.ts so that scripts/demo.ts (plain tsx, no react-server condition) can import
// it without loading server-only modules.

export const DEMO_MFA_ENCRYPTION_KEY = "demo-mfa-encryption-key-change-me-0123456789";
export const DEMO_AUDIT_KEY = "demo-audit-key-change-me-0123456789abcdef";
