import { MemoryWriteLedger } from "@/lib/server/money-writes/ledger";

/** A memory ledger that logs each call (with the state it writes), to check the order of the pipeline's steps. */
export function loggingLedger(log: string[]) {
  const ledger = new MemoryWriteLedger();
  return new Proxy(ledger, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        // record's outcome state, or reserve's "sent" when it reserves a write that is sent at once
        const state =
          name === "reserve"
            ? (args[0] as { sending?: boolean }).sending
              ? "sent"
              : undefined
            : (args[3] as { state?: string } | undefined)?.state;
        log.push(`ledger.${String(name)}${state ? `:${state}` : ""}`);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
