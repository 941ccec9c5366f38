// A BFF route as both sides compile against it (browser-safe). The route file
// hands its contract to withSession/withPublic (lib/server/bff.ts), which only
// accept a handler answering the contract's response type; the browser calls it
// with apiFetch(contract, …) (lib/api-fetch.ts), which returns that same type.
// Nothing is parsed at runtime in the browser: the check is the compiler's.
import * as z from "zod/mini";

type Method = "GET" | "POST" | "PUT" | "PATCH";

/** Any zod schema: zod/mini ones (shared with the forms) and full zod alike. */
export type InputSchema = z.core.$ZodType;

/** A route that reads neither a body nor a query string. */
export const NO_INPUT = z.undefined();
type NoInput = typeof NO_INPUT;

/** A type-level brand only: no contract object carries it, and nothing can read it at runtime. */
declare const RESPONSE: unique symbol;

export interface Contract<M extends Method, Args, Input extends InputSchema, Response> {
  readonly method: M;
  /** The URL the browser asks: the route's path with its parameters and, for a read, its query string. */
  readonly path: (args: Args) => string;
  /** What the BFF validates before the handler runs: a write's JSON body, a read's query string. */
  readonly input: Input;
  readonly [RESPONSE]: Response;
}

export type AnyContract = Contract<Method, never, InputSchema, unknown>;

// Lookups, not conditional types, so that a contract picked by a generic region
// (lib/server/regions/routes.ts) still resolves to that region's types.
export type ResponseOf<C extends AnyContract> = C[typeof RESPONSE];
export type ArgsOf<C extends AnyContract> = Parameters<C["path"]>[0];
/** What the handler receives: the schema's output (trimmed, coerced, defaulted). */
export type InputOf<C extends AnyContract> = z.output<C["input"]>;
/** What the browser sends as a write's JSON body: the schema's input. */
export type BodyOf<C extends AnyContract> = z.input<C["input"]>;

type Definition<M extends Method, Args, Input extends InputSchema> = {
  method: M;
  path: (args: Args) => string;
  input?: Input;
};

/**
 * `contract<BalancesDto>()({ method: "GET", path: () => "/api/balances" })`: the
 * response type is named, the rest is inferred from the definition.
 */
export function contract<Response>() {
  return <M extends Method, Args = void, Input extends InputSchema = NoInput>(definition: Definition<M, Args, Input>) =>
    // The response brand exists only in the type (see RESPONSE).
    ({ ...definition, input: definition.input ?? NO_INPUT }) as Contract<M, Args, Input, Response>;
}
