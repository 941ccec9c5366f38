import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import { PaymentsApiError } from "@/lib/payments/errors";
import type { IndiaQuoteDto, PayinDtoOf } from "@/lib/contracts/region-payins";
import type { PayinRegion } from "@/lib/regions/regions";
import { ApiError } from "@/lib/server/api-error";
import { appAudit, recordAudit, staffActor } from "@/lib/server/audit/app";
import type { AuditDetails, AuditInput } from "@/lib/server/audit/entry";
import { classifySendFailure } from "@/lib/server/money-writes/outcome";
import type { WriteContext } from "@/lib/server/money-writes/pipeline";
import {
  toBangladeshPayinDto,
  toBrazilPayinDto,
  toEuropePayinDto,
  toIndiaPayinDto,
  toPyusdIntentDto,
} from "@/lib/server/money-writes/kinds/region-dto";

type Reads = { [R in PayinRegion]: (id: string, client: PaymentsClient) => Promise<PayinDtoOf<R>> };

/**
 * Status reads: Bangladesh and Brazil share GET /v1/payins/:id (§1 Brazil);
 * India, Europe and PYUSD have their own. A record of another rail under the
 * shared endpoint is a 404 here, so a Brazil page never renders a Bangladesh pay-in.
 */
export const PAYIN_READS: Reads = {
  bangladesh: async (id, client) => {
    const payin = await client.bangladesh.getPayin(id);
    if (payin.rail !== undefined && payin.rail !== "bangladesh") throw new ApiError("not_found");
    return toBangladeshPayinDto(payin);
  },
  brazil: async (id, client) => {
    const payin = await client.bangladesh.getPayin(id);
    if (payin.rail !== undefined && payin.rail !== "brazil") throw new ApiError("not_found");
    return toBrazilPayinDto(payin);
  },
  india: async (id, client) => toIndiaPayinDto(await client.india.getPayin(id)),
  europe: async (id, client) => toEuropePayinDto(await client.europe.getPayin(id)),
  pyusd: async (id, client) => toPyusdIntentDto(await client.pyusd.getIntent(id)),
};

/**
 * §2.6: the buyer's bank UTR, once the customer says they paid. Not a money write (no key, no
 * reference), but it asks the API to credit a pay-in on a staff member's word, so the trail holds
 * it as it holds a write: the claim before it is sent (an entry that cannot be written stops it),
 * then how it ended. The UTR is kept whole: it is the claim a dispute would turn on.
 */
export async function confirmIndiaPayment(id: string, utr: string, { client, mode, actor, requestId, clientAddress }: WriteContext) {
  const entry = (result: string, extra: AuditDetails = {}): AuditInput => ({
    actor: staffActor(actor),
    environment: mode,
    action: "india.utr",
    targetIds: [id],
    requestId,
    clientAddress: clientAddress ?? null,
    result,
    details: { utr, ...extra },
  });
  await appAudit().append(entry("reserved"));
  let answer: Awaited<ReturnType<PaymentsClient["india"]["confirmPayment"]>>;
  try {
    answer = await client.india.confirmPayment({ transactionId: id, utr });
  } catch (error) {
    const failure = classifySendFailure(error);
    const code = failure.kind === "never_stored" ? failure.code : failure.outcome.code;
    await recordAudit(entry(failure.kind === "unknown" ? `unknown:${code}` : `failed:${code}`));
    // 409 invalid_state: past "awaiting payment" a UTR changes nothing. The request was fine; the moment was not.
    if (error instanceof PaymentsApiError && error.code === "invalid_state") {
      throw new ApiError("upstream_rejected", "This pay-in is past the point where a UTR can be submitted.", {
        fields: { utr: ["Too late for a UTR: the pay-in has moved on."] },
      });
    }
    throw error;
  }
  const payin = toIndiaPayinDto(answer);
  await recordAudit(entry("ok", { status: payin.status }));
  return payin;
}

/** GET /v1/h2h/conversion-rates: INR per 1 USDT, an indicative quote for the form. */
export async function indiaQuote(client: PaymentsClient): Promise<IndiaQuoteDto> {
  const rates = await client.india.conversionRates();
  return { base: rates.base ?? "USDT", quote: rates.quote ?? "INR", rate: rates.rate, asOf: rates.asOf ?? null };
}
