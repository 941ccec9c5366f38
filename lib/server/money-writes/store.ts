import "server-only";
import { NO_HOOKS } from "./hooks";
import { MemoryWriteLedger } from "./ledger";
import type { Pipeline } from "./pipeline";

// The pipeline's store and hooks for this process. On globalThis: pages and route
// handlers are bundled separately, and each must see the same ledger.
const holder = globalThis as unknown as { __moneyWritePipeline?: Pipeline };

export function moneyWrites(): Pipeline {
  holder.__moneyWritePipeline ??= { ledger: new MemoryWriteLedger(), hooks: NO_HOOKS };
  return holder.__moneyWritePipeline;
}
