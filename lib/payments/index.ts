import "server-only";
// Server entry point: only what the dashboard's server code takes from the client package
// through here. Request schemas are browser-safe and live apart, in lib/requests.
export { createPaymentsClient } from "./client";
export { limitInFlight } from "./in-flight-limit";
export { undiciFetch } from "./undici-fetch";
export type { PaymentsClient } from "./client";
export { PaymentsApiError } from "./errors";
export type { Balance } from "./schemas/balance";
export { rowsOnPage } from "./schemas/transactions";
export type { UnreadableTransaction } from "./schemas/transactions";
