import "server-only";
import { createPaymentsClient, limitInFlight, type PaymentsClient, undiciFetch } from "@/lib/payments";
import type { FetchLike } from "@/lib/payments/http";
import type { Environment } from "@/lib/rails";
import { env } from "./env";

// One client per configured environment for the life of the process. The
// secret stays here, on the server: the BFF is the merchant's server (§1 rules
// 7 and 14, docs/decisions/0001-the-bff-is-the-merchants-server.md).
const clients = new Map<Environment, PaymentsClient>();
const listClients = new Map<Environment, PaymentsClient>();

/**
 * Upstream requests the shared transaction list keeps in flight while it loads
 * (features/transactions/server/registry.ts), whatever number of pages it works on at once.
 */
export const LIST_REQUESTS_IN_FLIGHT = 4;

function clientFor(mode: Environment, fetch?: FetchLike): PaymentsClient {
  const { paymentsBaseUrl, credentials } = env();
  const pair = credentials[mode];
  // Sessions only ever hold a configured mode (session.ts), so this is a programming error.
  if (!pair) throw new Error(`The ${mode} environment is not configured`);
  return createPaymentsClient({ baseUrl: paymentsBaseUrl, apiKey: pair.apiKey, apiSecret: pair.apiSecret, environment: mode, fetch });
}

export function paymentsFor(mode: Environment): PaymentsClient {
  const existing = clients.get(mode);
  if (existing) return existing;
  const client = clientFor(mode);
  clients.set(mode, client);
  return client;
}

/**
 * The client the transaction list loads through: at most LIST_REQUESTS_IN_FLIGHT requests on
 * the wire, so the list can parse and merge pages while the next ones travel (in-flight-limit.ts).
 */
export function listPaymentsFor(mode: Environment): PaymentsClient {
  const existing = listClients.get(mode);
  if (existing) return existing;
  const client = clientFor(mode, limitInFlight(undiciFetch, LIST_REQUESTS_IN_FLIGHT));
  listClients.set(mode, client);
  return client;
}
