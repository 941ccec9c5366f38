import "server-only";
import { addShutdownHook } from "@/lib/server/lifecycle/shutdown-hooks";
import { failureFields, logger } from "../logger";
import { appAudit } from "./app";

/** On shutdown the head of the chain is signed and written to the log, so the last entries are anchored too. */
export function anchorOnShutdown(): void {
  addShutdownHook(async () => {
    await appAudit()
      .anchor()
      .catch((err: unknown) => logger.error("audit anchor on shutdown failed", failureFields(err)));
  });
}
