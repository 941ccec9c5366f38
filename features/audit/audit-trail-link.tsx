"use client";

import Link from "next/link";
import { useCan } from "@/components/session/use-session";
import type { AuditUrlState } from "./components/url-state";

/** The trail filtered to one transaction: the /audit page reads `target` from its URL (url-state.ts). */
const auditUrl = (target: string) => `/audit?${new URLSearchParams({ target } satisfies Partial<Record<keyof AuditUrlState, string>>)}`;

/**
 * "Who did this?": a payout's or transaction's entries in the audit trail, for those who may
 * read it (admins). By transaction id the trail also holds the write's intent, appended before
 * the API named it (features/audit/server/audit-query.ts). `className` is for the paragraph around it,
 * which is left out with the link.
 */
export function AuditTrailLink({ transactionId, className }: { transactionId: string; className?: string }) {
  if (!useCan("audit:read")) return null;
  return (
    <p className={className}>
      <Link href={auditUrl(transactionId)} className="text-sm text-indigo-800 underline">
        View audit trail
      </Link>
    </p>
  );
}
