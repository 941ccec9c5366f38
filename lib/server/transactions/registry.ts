import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import type { Environment } from "@/lib/rails";
import { paymentsFor } from "@/lib/server/payments";
import { toTransactionRow } from "./dto";
import type { TransactionSource } from "./source";
import { TransactionSync } from "./sync";

export function sourceFrom(client: Pick<PaymentsClient, "listTransactions" | "getTransaction">): TransactionSource {
  return {
    async listTransactions(query) {
      const page = await client.listTransactions(query);
      return { items: page.items.map(toTransactionRow), total: page.total, offset: page.offset };
    },
    async getTransaction(id) {
      return toTransactionRow(await client.getTransaction(id));
    },
  };
}

// Kept on globalThis so a dev-server module reload does not drop the list and pull every page again.
const holder = globalThis as typeof globalThis & { __transactionSyncs?: Map<Environment, TransactionSync> };
const syncs = (holder.__transactionSyncs ??= new Map());

/** The one shared list of an environment, created on first use. */
export function transactionsFor(mode: Environment): TransactionSync {
  let sync = syncs.get(mode);
  if (!sync) {
    sync = new TransactionSync(sourceFrom(paymentsFor(mode)));
    syncs.set(mode, sync);
  }
  return sync;
}
