// A transaction's page address (browser-safe): with `mode`, the page first asks to switch to the
// mode the transaction is in (features/transactions/components/other-mode-notice.tsx), never silently.
import type { Environment } from "@/lib/rails";

export function transactionHref(id: string, mode: Environment | null = null): string {
  const path = `/transactions/${encodeURIComponent(id)}`;
  return mode ? `${path}?${new URLSearchParams({ mode })}` : path;
}
