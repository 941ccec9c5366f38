// Every Nigeria read, keyed by mode so switching test/live never shows the other's data (browser-safe).
import type { Environment } from "@/lib/rails";

export const nigeriaKeys = {
  all: ["nigeria"] as const,
  virtualAccount: (mode: Environment) => ["nigeria", mode, "virtual-account"] as const,
  inbound: (mode: Environment) => ["nigeria", mode, "inbound"] as const,
  payouts: (mode: Environment) => ["nigeria", mode, "payouts"] as const,
  banks: (mode: Environment, search: string) => ["nigeria", mode, "banks", search] as const,
  payout: (mode: Environment, id: string) => ["nigeria", mode, "payout", id] as const,
  lookup: (mode: Environment, reference: string) => ["nigeria", mode, "lookup", reference] as const,
};
