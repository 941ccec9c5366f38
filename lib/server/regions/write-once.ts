import "server-only";
import { createHash } from "node:crypto";
import type { Environment } from "@/lib/rails";
import { PayoutLedger } from "../nigeria/payout-ledger";
import { perEnvironment } from "@/lib/server/per-environment";

// Identical concurrent submissions (a double click, a second tab) share one
// upstream call; the upstream idempotency store (same key, same bytes → replay)
// stays the real guarantee. Reuses the Nigeria payout ledger, one per environment.
const ledgerFor = perEnvironment("__regionWriteLedgers", () => new PayoutLedger());

export function writeOnce<T extends { transactionId: string }>(mode: Environment, key: string, body: unknown, send: () => Promise<T>): Promise<T> {
  const fingerprint = createHash("sha256").update(JSON.stringify(body)).digest("hex");
  return ledgerFor(mode).submit(key, fingerprint, send);
}
