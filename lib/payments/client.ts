import "server-only";
import { z } from "zod";
import { invalidRequestError, PaymentsApiError } from "./errors";
import { createTransport, type FetchLike, type QueryValue } from "./http";
import { DEFAULT_RETRY_POLICY } from "./retry-policy";
import { bangladeshPayinRequestSchema, bangladeshPayoutRequestSchema } from "@/lib/requests/bangladesh";
import { brazilPayinRequestSchema, brazilPayoutRequestSchema } from "@/lib/requests/brazil";
import { idempotencyKeySchema } from "@/lib/requests/common";
import { listTransactionsQuerySchema, updateWebhookRequestSchema } from "@/lib/requests/core";
import { europePayinRequestSchema, europePayoutRequestSchema } from "@/lib/requests/europe";
import { indiaConfirmPaymentRequestSchema, indiaPayinRequestSchema } from "@/lib/requests/india";
import {
  nigeriaBanksQuerySchema,
  nigeriaPayoutRequestSchema,
  nigeriaVerifyAccountRequestSchema,
  nigeriaVirtualAccountRequestSchema,
} from "@/lib/requests/nigeria";
import { pyusdIntentRequestSchema } from "@/lib/requests/pyusd";
import { balanceSchema } from "./schemas/balance";
import { bangladeshPayinSchema, payinStatusSchema, payoutSchema } from "./schemas/bangladesh";
import { brazilPayinSchema } from "./schemas/brazil";
import { europePayinCreatedSchema, europePayinSchema, europePayoutSchema } from "./schemas/europe";
import { conversionRatesSchema, indiaPayinSchema } from "./schemas/india";
import { meSchema, webhookUpdateResponseSchema } from "./schemas/me";
import {
  banksSchema,
  nigeriaPayoutCreatedSchema,
  nigeriaPayoutSchema,
  verifiedAccountSchema,
  virtualAccountSchema,
} from "./schemas/nigeria";
import { pyusdIntentSchema } from "./schemas/pyusd";
import { isTransactionListEnvelope, readTransactionList, transactionListEnvelopeSchema, transactionSchema } from "./schemas/transactions";
import { undiciFetch } from "./undici-fetch";

type Environment = "test" | "live";

export interface PaymentsClientOptions {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  environment: Environment;
  /** Per attempt, including reading the body. */
  timeoutMs?: number;
  maxRetries?: number;
  fetch?: FetchLike;
  /** Injectable for tests: the backoff wait, its jitter source and the signing clock. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export interface IdempotencyOptions {
  /** Chosen by the caller once per create and reused on every retry of it (§5 rule 4). */
  idempotencyKey: string;
}

/** Per attempt, unless the options say otherwise (lib/server/money-writes/owner.ts derives its grace from it). */
export const DEFAULT_TIMEOUT_MS = 10_000;

// Issues carry messages and paths only (never the input), so a bad secret cannot leak through them.
const clientOptionsSchema = z.object({
  baseUrl: z.url({ protocol: /^https?$/ }),
  apiKey: z.string().min(1),
  apiSecret: z.string().min(1),
  environment: z.enum(["test", "live"]),
  timeoutMs: z.number().int().positive().default(DEFAULT_TIMEOUT_MS),
  maxRetries: z.number().int().min(0).max(5).default(DEFAULT_RETRY_POLICY.maxRetries),
});

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Path parameters are the caller's ids: non-empty and encoded so they cannot change the route.
 * "." and ".." are refused: encodeURIComponent leaves them as they are, and the URL parser then
 * takes them as path steps (GET /v1/transactions/.. is GET /v1/), so the signed request would
 * reach another endpoint than the one named.
 */
function segment(id: string): string {
  if (typeof id !== "string" || id.trim() === "") {
    throw invalidRequestError("request", [{ path: ["id"], message: "Id is required" }]);
  }
  if (id === "." || id === "..") throw invalidRequestError("request", [{ path: ["id"], message: "Not an id" }]);
  try {
    return encodeURIComponent(id);
  } catch {
    // A lone surrogate (a broken string from a bad row or a bad paste) has no UTF-8 form: a refusal, not a crash.
    throw invalidRequestError("request", [{ path: ["id"], message: "Not an id" }]);
  }
}

// Request schemas are browser-safe zod/mini (lib/requests); core.$ZodType and z.safeParse accept both builds.
type RequestSchema = z.core.$ZodType;

function validated<S extends RequestSchema>(schema: S, input: unknown, operation: string): z.output<S> {
  const parsed = z.safeParse(schema, input);
  if (!parsed.success) throw invalidRequestError(operation, parsed.error.issues);
  return parsed.data;
}

export function createPaymentsClient(options: PaymentsClientOptions) {
  const config = clientOptionsSchema.parse(options);
  const transport = createTransport({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    apiSecret: config.apiSecret,
    timeoutMs: config.timeoutMs,
    retryPolicy: { ...DEFAULT_RETRY_POLICY, maxRetries: config.maxRetries },
    fetch: options.fetch ?? undiciFetch,
    sleep: options.sleep ?? defaultSleep,
    random: options.random ?? Math.random,
    now: options.now ?? Date.now,
  });

  const get = <T>(path: string, response: z.ZodType<T>, query?: Record<string, QueryValue>, takesAsIs?: (json: unknown) => json is T) =>
    transport.send({ method: "GET", path, query, response, takesAsIs });

  // Methods are async so that a rejected input (bad id, bad body) is a rejected promise, never a synchronous throw.

  /** A write whose body is checked against its request schema before it is signed. */
  function write<S extends RequestSchema, T>(method: "POST" | "PATCH", path: string, request: S, response: z.ZodType<T>) {
    return async (body: z.input<S>) => transport.send({ method, path, body: validated(request, body, `${method} ${path}`), response });
  }

  /** Money writes (§5): the caller's Idempotency-Key is required and travels unchanged on every attempt. */
  function moneyWrite<S extends RequestSchema, T>(path: string, request: S, response: z.ZodType<T>) {
    return async (body: z.input<S>, { idempotencyKey }: IdempotencyOptions) => {
      const operation = `POST ${path}`;
      return transport.send({
        method: "POST",
        path,
        body: validated(request, body, operation),
        idempotencyKey: validated(idempotencyKeySchema, idempotencyKey, operation),
        response,
      });
    };
  }

  return {
    environment: config.environment,

    me: () => get("/v1/me", meSchema),
    /** The merchant balance (§1 rule 11). GET /v1/account-balance is deliberately absent (§1 rule 12). */
    balance: () => get("/v1/balance", balanceSchema),
    /** A page's rows, and apart from them the rows it could not read (schemas/transactions.ts): one bad row never costs the page. */
    listTransactions: async (query: z.input<typeof listTransactionsQuerySchema> = {}) =>
      readTransactionList(
        await get(
          "/v1/transactions",
          transactionListEnvelopeSchema,
          validated(listTransactionsQuerySchema, query, "GET /v1/transactions"),
          isTransactionListEnvelope,
        ),
      ),
    getTransaction: async (id: string) => get(`/v1/transactions/${segment(id)}`, transactionSchema),
    updateWebhook: write("PATCH", "/v1/me/webhook", updateWebhookRequestSchema, webhookUpdateResponseSchema),

    bangladesh: {
      createPayin: moneyWrite("/v1/payins", bangladeshPayinRequestSchema, bangladeshPayinSchema),
      /** Also the status poll for Brazil pay-ins (§4.2). */
      getPayin: async (id: string) => get(`/v1/payins/${segment(id)}`, payinStatusSchema),
      createPayout: moneyWrite("/v1/payouts", bangladeshPayoutRequestSchema, payoutSchema),
      /** Also the status poll for Brazil payouts (§4.2). */
      getPayout: async (id: string) => get(`/v1/payouts/${segment(id)}`, payoutSchema),
    },

    brazil: {
      createPayin: moneyWrite("/v1/br/payins", brazilPayinRequestSchema, brazilPayinSchema),
      createPayout: moneyWrite("/v1/br/payouts", brazilPayoutRequestSchema, payoutSchema),
    },

    india: {
      conversionRates: () => get("/v1/h2h/conversion-rates", conversionRatesSchema),
      createPayin: moneyWrite("/v1/h2h/payin-instances", indiaPayinRequestSchema, indiaPayinSchema),
      getPayin: async (id: string) => get(`/v1/h2h/payin-instances/${segment(id)}`, indiaPayinSchema),
      confirmPayment: write("POST", "/v1/h2h/buyer-confirms-payment", indiaConfirmPaymentRequestSchema, indiaPayinSchema),
    },

    europe: {
      createPayin: moneyWrite("/v1/eur/payin-instances", europePayinRequestSchema, europePayinCreatedSchema),
      getPayin: async (id: string) => get(`/v1/eur/payin-instances/${segment(id)}`, europePayinSchema),
      createPayout: moneyWrite("/v1/eur/payout-instances", europePayoutRequestSchema, europePayoutSchema),
      /** No body and no key: the service treats approve as idempotent. */
      approvePayout: async (id: string) =>
        transport.send({ method: "POST", path: `/v1/eur/payout-instances/${segment(id)}/approve`, response: europePayoutSchema }),
    },

    nigeria: {
      /** null until the account is provisioned (the service answers 404). */
      getVirtualAccount: async () => {
        try {
          return await get("/v1/ngn/virtual-account", virtualAccountSchema);
        } catch (error) {
          if (error instanceof PaymentsApiError && error.code === "not_found") return null;
          throw error;
        }
      },
      provisionVirtualAccount: moneyWrite("/v1/ngn/virtual-account", nigeriaVirtualAccountRequestSchema, virtualAccountSchema),
      banks: async (query: z.input<typeof nigeriaBanksQuerySchema> = {}) =>
        get("/v1/ngn/banks", banksSchema, validated(nigeriaBanksQuerySchema, query, "GET /v1/ngn/banks")),
      verifyAccount: write("POST", "/v1/ngn/verify-account", nigeriaVerifyAccountRequestSchema, verifiedAccountSchema),
      createPayout: moneyWrite("/v1/ngn/payouts", nigeriaPayoutRequestSchema, nigeriaPayoutCreatedSchema),
      getPayout: async (id: string) => get(`/v1/ngn/payouts/${segment(id)}`, nigeriaPayoutSchema),
    },

    pyusd: {
      createIntent: moneyWrite("/v1/pyusd/payment-intents", pyusdIntentRequestSchema, pyusdIntentSchema),
      getIntent: async (id: string) => get(`/v1/pyusd/payment-intents/${segment(id)}`, pyusdIntentSchema),
    },
  };
}

export type PaymentsClient = ReturnType<typeof createPaymentsClient>;
