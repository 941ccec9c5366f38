import "server-only";
import { indiaUtrContract, payinCreateContracts, payinLookupContract, payinStatusContract } from "@/lib/contracts/region-payins";
import { europeApproveContract, payoutCreateContracts, payoutLookupContract, payoutStatusContract } from "@/lib/contracts/region-payouts";
import { PAYIN_REGIONS, PAYOUT_REGIONS, type PayinRegion, type PayoutRegion } from "@/lib/regions/regions";
import { ApiError, handleApiError } from "@/lib/server/api-error";
import { withSession } from "@/lib/server/bff";
import { writeContextOf } from "@/lib/server/money-writes/context";
import { lookupWrite } from "@/lib/server/money-writes/write-lookup";
import { runMoneyWrite } from "@/lib/server/money-writes/pipeline";
import { europeApproveWrite } from "@/lib/server/money-writes/kinds/europe-approve";
import { payinWrite } from "@/lib/server/money-writes/kinds/region-payin";
import { payoutWrite } from "@/lib/server/money-writes/kinds/region-payout";
import { moneyWrites } from "@/lib/server/money-writes/process-store";
import { requestIdOf } from "@/lib/server/request-guard";
import { transactionIdOf } from "@/lib/server/transaction-id";
import { PAYIN_READS, confirmIndiaPayment } from "@/features/payins/server/payin-reads";
import { PAYOUT_READS } from "@/features/payouts/server/payout-reads";

// Route factories for app/api/payins/[region]/** and app/api/payouts/[region]/**:
// one withSession handler per region (each with its own contract), and a
// dispatcher that picks it from the URL. Every write goes through the money-write
// pipeline with its rail's adapter (lib/server/money-writes). Writes and the
// "was it created?" lookups need money:write (admin and finance); status reads
// need balances:read (viewers may follow a payment).

type Handler = ReturnType<typeof withSession>;
type Context = Parameters<Handler>[1];

/** The route's `[id]`, read as every route that forwards an id reads it. */
const idParam = (params: Record<string, string | string[] | undefined>): string => transactionIdOf(params.id);

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
  withSession(payinCreateContracts[region], (ctx) => runMoneyWrite(moneyWrites(), payinWrite(region), ctx.input, writeContextOf(ctx)), {
    permission: "money:write",
  }),
);

export const payinLookupRoute = perRegion(PAYIN_REGIONS, (region) =>
  withSession(payinLookupContract, (ctx) => lookupWrite(moneyWrites(), payinWrite(region), ctx.input.reference, writeContextOf(ctx)), {
    permission: "money:write",
  }),
);

export const payinStatusRoute = perRegion(PAYIN_REGIONS, (region) =>
  withSession(payinStatusContract, async ({ params, client }) => PAYIN_READS[region](idParam(params), client), {
    permission: "balances:read",
  }),
);

export const indiaUtrRoute = byRegion({
  india: withSession(indiaUtrContract, async (ctx) => confirmIndiaPayment(idParam(ctx.params), ctx.input.utr, writeContextOf(ctx)), {
    permission: "money:write",
  }),
});

export const payoutCreateRoute = perRegion(PAYOUT_REGIONS, <R extends PayoutRegion>(region: R) =>
  withSession(payoutCreateContracts[region], (ctx) => runMoneyWrite(moneyWrites(), payoutWrite(region), ctx.input, writeContextOf(ctx)), {
    permission: "money:write",
  }),
);

export const payoutLookupRoute = perRegion(PAYOUT_REGIONS, (region) =>
  withSession(payoutLookupContract, (ctx) => lookupWrite(moneyWrites(), payoutWrite(region), ctx.input.reference, writeContextOf(ctx)), {
    permission: "money:write",
  }),
);

export const payoutStatusRoute = perRegion(PAYOUT_REGIONS, (region) =>
  withSession(
    payoutStatusContract,
    async ({ params, client, session }) => PAYOUT_READS[region](idParam(params), { client, mode: session.mode }),
    {
      permission: "balances:read",
    },
  ),
);

/**
 * The upstream approve step of a Europe payout: a second person's (maker-checker), so
 * payouts:approve, and never the payout's creator (its ledger row's maker), policy or not.
 */
export const europeApproveRoute = byRegion({
  europe: withSession(
    europeApproveContract,
    async (ctx) => {
      const transactionId = idParam(ctx.params);
      const created = await moneyWrites().ledger.findByTransaction(ctx.session.mode, "europe-payout", transactionId);
      if (created?.actor.email === ctx.session.user.email)
        throw new ApiError("forbidden", "You created this payout: another person with the right to approve payouts approves it.");
      return runMoneyWrite(moneyWrites(), europeApproveWrite, { transactionId }, writeContextOf(ctx));
    },
    { permission: "payouts:approve" },
  ),
});
