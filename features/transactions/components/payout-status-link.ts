import { can, type Role } from "@/lib/permissions";
import type { TransactionRow } from "@/lib/transaction-row";

/**
 * Where an NGN payout's withdrawal status lives (the Nigeria payouts pages), for a role that may
 * open them: support may not (nigeria:read), so it gets no link it would follow to a 404.
 */
export function payoutStatusHref(row: TransactionRow, role: Role): string | null {
  if (row.type !== "payout" || row.currency !== "NGN" || !can(role, "nigeria:read")) return null;
  return `/nigeria/payouts/${encodeURIComponent(row.id)}`;
}
