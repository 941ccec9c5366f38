// A fresh merchantReference per payout or PYUSD intent attempt. The
// Idempotency-Key derives from it (lib/server/idempotency.ts), so the same
// reference can never create two records, and a new attempt needs a new one.
const PREFIX: Record<string, string> = { bangladesh: "BD", brazil: "BR", europe: "EU", pyusd: "PY" };

export function newMerchantReference(region: string, now: Date = new Date(), uuid: () => string = () => crypto.randomUUID()): string {
  const day = now.toISOString().slice(0, 10).replaceAll("-", "");
  const suffix = uuid().replaceAll("-", "").slice(0, 10).toUpperCase();
  return `${PREFIX[region] ?? "MR"}-${day}-${suffix}`;
}
