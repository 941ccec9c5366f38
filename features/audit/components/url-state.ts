// The /audit page's filters and cursor live in the URL (nuqs), so a view of the trail can
// be shared and bookmarked, and the server renders its first page. "nuqs/server" holds the
// parsers without the client hooks, so the page (a server component) reads them too. The
// values are passed on as text: the BFF's schema (features/audit/contracts.ts) is the one check.
import { createLoader, parseAsString, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import type { AuditQueryArgs } from "@/features/audit/contracts";

export const auditSearchParams = {
  actor: parseAsString,
  action: parseAsString,
  environment: parseAsStringLiteral(["test", "live"] as const),
  from: parseAsString,
  to: parseAsString,
  /** Whose days `from` and `to` are: the zone of the browser that chose them (so a shared link means the same days). */
  tz: parseAsString,
  target: parseAsString,
  before: parseAsString,
  after: parseAsString,
};

export type AuditUrlState = inferParserType<typeof auditSearchParams>;

export const loadAuditSearchParams = createLoader(auditSearchParams);

/** The filters alone: a change of any of them starts again from the newest entries. */
const FILTER_NAMES = ["actor", "action", "environment", "from", "to", "target"] as const;

/** The filters and their days' zone, all cleared at once ("Clear filters"). */
export const NO_FILTERS = { actor: null, action: null, environment: null, from: null, to: null, tz: null, target: null } as const;

/** The URL's state as the BFF's query (empty values left out); without the cursor when `cursor` is false. */
export function auditArgsOf(state: AuditUrlState, { cursor = true }: { cursor?: boolean } = {}): AuditQueryArgs {
  const args: AuditQueryArgs = {};
  for (const name of FILTER_NAMES) {
    const value = state[name]?.trim();
    if (value) args[name] = value;
  }
  // The zone only means something with a day to read in it.
  if ((args.from || args.to) && state.tz) args.tz = state.tz;
  if (cursor && state.before) args.before = state.before;
  if (cursor && state.after) args.after = state.after;
  return args;
}
