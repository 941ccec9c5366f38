// What a /v1 handler receives, and the helpers every market shares
// (the markets themselves are in simulator/markets/).

import { businessError, SimError } from "../errors";
import type { Sim } from "../sim";
import type { EnvState, Pocket, Tx } from "../state";
import { POCKET_OF, type Market } from "../types";
import { parseJsonObject, type Obj } from "../validate";

export type Ctx = {
  sim: Sim;
  env: EnvState;
  params: Record<string, string>;
  query: URLSearchParams;
  raw: Buffer;
  contentType: string | undefined;
  /** simulated now */
  now: number;
  /** the body as a JSON object (400 otherwise) */
  body(): Obj;
};

export type Result = { status: number; body: unknown };

export type Route = {
  method: "GET" | "POST" | "PATCH";
  path: string;
  /** any of these scopes is enough; null: no scope needed */
  scope: readonly string[] | null;
  /** the market gate (and, for nigeria and pyusd, the live-only rule) */
  market?: Market;
  /**
   * A market's own rule for new writes (the Bangladesh pause, markets/bangladesh.ts);
   * throws to refuse. Runs after an idempotent replay, so a stored answer is still returned.
   */
  gate?: (env: EnvState) => void;
  /** money write: Idempotency-Key required */
  idempotent?: boolean;
  handler: (ctx: Ctx) => Result;
};

export const PAYIN: readonly string[] = ["payin:create"];
export const PAYOUT: readonly string[] = ["payout:create"];

export function makeBody(raw: Buffer, contentType: string | undefined): () => Obj {
  let cached: Obj | null = null;
  return () => {
    if (cached) return cached;
    if (raw.length > 0 && !/^application\/json\b/i.test(contentType ?? "")) {
      throw new SimError(400, "Content-Type must be application/json");
    }
    cached = parseJsonObject(raw);
    return cached;
  };
}

export function marketGate(env: EnvState, market: Market): void {
  if (!env.markets[market].approved) {
    throw new SimError(403, `The ${market} market is not enabled for this merchant`, "market_not_enabled");
  }
}

/** The pocket a payout debits, checked for existence and funds (README step 10). */
export function fundedPocket(env: EnvState, market: Market, amount: bigint): Pocket {
  const pocket = env.visiblePocket(POCKET_OF[market]);
  if (!pocket) throw businessError(400, "wallet_not_found", `No ${POCKET_OF[market]} wallet pocket is provisioned`);
  if (pocket.available < amount) {
    throw businessError(400, "insufficient_balance", `Insufficient ${POCKET_OF[market]} balance`);
  }
  return pocket;
}

export function findTx(env: EnvState, id: string | undefined, pred: (tx: Tx) => boolean): Tx {
  const tx = id === undefined ? undefined : env.byId.get(id);
  if (!tx || !pred(tx)) throw new SimError(404, "Transaction not found", "not_found");
  return tx;
}

export const created = (body: unknown): Result => ({ status: 201, body });
export const ok = (body: unknown): Result => ({ status: 200, body });
