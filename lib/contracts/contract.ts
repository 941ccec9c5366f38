// A BFF route as both sides compile against it (browser-safe): withSession/withPublic
// (lib/server/bff.ts) accept only a handler answering its response type, and apiFetch returns that
// type; nothing is parsed in the browser. The input schema is named by a loader (a dynamic import),
// so a page that only calls routes never loads zod (~18 KB gzip); zod is imported for types only.
import type * as z from "zod/mini";

type Method = "GET" | "POST" | "PUT" | "PATCH";

/** Any zod schema: zod/mini ones (shared with the forms) and full zod alike. */
export type InputSchema = z.core.$ZodType;

/** The type of a route that reads neither a body nor a query string (its contract has no loader). */
type NoInput = z.ZodMiniUndefined;

/** `() => import("./inputs/session").then((m) => m.sessionModeInputSchema)`: the BFF loads the schema on a request that needs it. */
export type InputLoader<Input extends InputSchema> = () => Promise<Input>;

/** Type-level brands only: no contract object carries them, and nothing can read them at runtime. */
declare const RESPONSE: unique symbol;
declare const INPUT: unique symbol;

export interface Contract<M extends Method, Args, Input extends InputSchema, Response> {
  readonly method: M;
  /** The URL the browser asks: the route's path with its parameters and, for a read, its query string. */
  readonly path: (args: Args) => string;
  /** What the BFF validates before the handler runs (a write's JSON body, a read's query string); null: the route reads neither. */
  readonly input: InputLoader<Input> | null;
  /** The schema the loader gives, for the types below. */
  readonly [INPUT]: Input;
  readonly [RESPONSE]: Response;
}

export type AnyContract = Contract<Method, never, InputSchema, unknown>;

// Lookups, not conditional types, so that a contract picked by a generic region
// (app/api/_regions/region-routes.ts) still resolves to that region's types.
export type ResponseOf<C extends AnyContract> = C[typeof RESPONSE];
export type ArgsOf<C extends AnyContract> = Parameters<C["path"]>[0];
/** What the handler receives: the schema's output (trimmed, coerced, defaulted). */
export type InputOf<C extends AnyContract> = z.output<C[typeof INPUT]>;
/** What the browser sends as a write's JSON body: the schema's input. */
export type BodyOf<C extends AnyContract> = z.input<C[typeof INPUT]>;

type Definition<M extends Method, Args, Input extends InputSchema> = {
  method: M;
  path: (args: Args) => string;
  input?: InputLoader<Input>;
};

/**
 * `contract<BalancesDto>()({ method: "GET", path: () => "/api/balances" })`: the
 * response type is named, the rest is inferred from the definition.
 */
export function contract<Response>() {
  return <M extends Method, Args = void, Input extends InputSchema = NoInput>(definition: Definition<M, Args, Input>) =>
    // The input and response brands exist only in the type (see RESPONSE).
    ({ ...definition, input: definition.input ?? null }) as Contract<M, Args, Input, Response>;
}
