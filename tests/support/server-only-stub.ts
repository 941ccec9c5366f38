// Vitest runs outside React Server Components, where the real "server-only"
// module throws on import; server modules are still server-only in the app build.
export {};
