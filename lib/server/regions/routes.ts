import "server-only";
import { indiaUtrContract, payinCreateContracts, payinStatusContract } from "@/lib/contracts/payins";
import { europeApproveContract, payoutCreateContracts, payoutStatusContract } from "@/lib/contracts/payouts";
import { PAYIN_REGIONS, PAYOUT_REGIONS, type PayinRegion, type PayoutRegion } from "@/lib/regions/regions";
import { ApiError, handleApiError } from "../api-error";
import { withSession } from "../bff";
import { requestIdOf } from "../request-guard";
import { PAYIN_CREATES, PAYIN_READS, confirmIndiaPayment } from "./payins";
import { PAYOUT_CREATES, PAYOUT_READS, approveEuropePayout } from "./payouts";

// Route factories for app/api/payins/[region]/** and app/api/payouts/[region]/**:
// one withSession handler per region (each with its own contract), and a
// dispatcher that picks it from the URL. Writes need money:write (admin and
// finance); status reads need balances:read (viewers may follow a payment).

type Handler = ReturnType<typeof withSession>;
type Context = Parameters<Handler>[1];

/** Ids are path segments we forward; the client encodes them, this bounds them. */
export function idParam(params: Record<string, string | string[] | undefined>): string {
  const id = typeof params.id === "string" ? params.id.trim() : "";
  if (id === "" || id.length > 200) throw new ApiError("validation", "A transaction id is required.");
  return id;
}

function byRegion(handlers: Partial<Record<string, Handler>>): Handler {
  return async (request: Request, context: Context) => {
    const { region } = await context.params;
    const handler = typeof region === "string" && Object.hasOwn(handlers, region) ? handlers[region] : undefined;
    if (!handler) return handleApiError(new ApiError("not_found"), requestIdOf(request));
    return handler(request, context);
  };
}

function perRegion<R extends string>(regions: readonly R[], make: (region: R) => Handler): Handler {
  return byRegion(Object.fromEntries(regions.map((region) => [region, make(region)])));
}

export const payinCreateRoute = perRegion(PAYIN_REGIONS, <R extends PayinRegion>(region: R) =>
  withSession(payinCreateContracts[region], async ({ input, client, session }) => PAYIN_CREATES[region](input, { client, mode: session.mode }), {
    permission: "money:write",
  }),
);

export const payinStatusRoute = perRegion(PAYIN_REGIONS, (region) =>
  withSession(payinStatusContract, async ({ params, client }) => PAYIN_READS[region](idParam(params), client), { permission: "balances:read" }),
);

export const indiaUtrRoute = byRegion({
  india: withSession(indiaUtrContract, async ({ params, input, client }) => confirmIndiaPayment(idParam(params), input.utr, client), {
    permission: "money:write",
  }),
});

export const payoutCreateRoute = perRegion(PAYOUT_REGIONS, <R extends PayoutRegion>(region: R) =>
  withSession(payoutCreateContracts[region], async ({ input, client, session }) => PAYOUT_CREATES[region](input, { client, mode: session.mode }), {
    permission: "money:write",
  }),
);

export const payoutStatusRoute = perRegion(PAYOUT_REGIONS, (region) =>
  withSession(payoutStatusContract, async ({ params, client, session }) => PAYOUT_READS[region](idParam(params), { client, mode: session.mode }), {
    permission: "balances:read",
  }),
);

export const europeApproveRoute = byRegion({
  europe: withSession(europeApproveContract, async ({ params, client, session }) => approveEuropePayout(idParam(params), { client, mode: session.mode }), {
    permission: "money:write",
  }),
});
