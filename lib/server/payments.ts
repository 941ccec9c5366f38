import "server-only";
import { createPaymentsClient, type PaymentsClient } from "@/lib/payments";
import type { Environment } from "@/lib/rails";
import { env } from "./env";

// One client per configured environment for the life of the process. The
// secret stays here, on the server: the BFF is the merchant's server (§1 rules
// 7 and 14, docs/decisions.md).
const clients = new Map<Environment, PaymentsClient>();

export function paymentsFor(mode: Environment): PaymentsClient {
  const existing = clients.get(mode);
  if (existing) return existing;
  const { paymentsBaseUrl, credentials } = env();
  const pair = credentials[mode];
  // Sessions only ever hold a configured mode (session.ts), so this is a programming error.
  if (!pair) throw new Error(`The ${mode} environment is not configured`);
  const client = createPaymentsClient({ baseUrl: paymentsBaseUrl, apiKey: pair.apiKey, apiSecret: pair.apiSecret, environment: mode });
  clients.set(mode, client);
  return client;
}
