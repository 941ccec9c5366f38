import "server-only";
// Server entry point. Browser code imports request schemas from "@/lib/payments/requests" instead.
export { createPaymentsClient } from "./client";
export type { Environment, IdempotencyOptions, PaymentsClient, PaymentsClientOptions } from "./client";
export { PAYMENTS_ERROR_CODES, PaymentsApiError } from "./errors";
export type { FieldError, PaymentsErrorCode } from "./errors";
export * from "./requests";
export * from "./schemas/common";
export * from "./schemas/me";
export * from "./schemas/balance";
export * from "./schemas/transactions";
export * from "./schemas/bangladesh";
export * from "./schemas/brazil";
export * from "./schemas/india";
export * from "./schemas/europe";
export * from "./schemas/nigeria";
export * from "./schemas/pyusd";
