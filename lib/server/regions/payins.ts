import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import { PaymentsApiError } from "@/lib/payments/errors";
import type { IndiaQuoteDto, PayinDtoOf } from "@/lib/contracts/payins";
import type { PayinRegion } from "@/lib/regions/regions";
import { ApiError } from "../api-error";
import { toBangladeshPayinDto, toBrazilPayinDto, toEuropePayinDto, toIndiaPayinDto, toPyusdIntentDto } from "./dto";

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

/** §2.6: the buyer's bank UTR, once the customer says they paid. Not a money write: no key. */
export async function confirmIndiaPayment(id: string, utr: string, client: PaymentsClient) {
  try {
    return toIndiaPayinDto(await client.india.confirmPayment({ transactionId: id, utr }));
  } catch (error) {
    // 409 invalid_state: past "awaiting payment" a UTR changes nothing. The request was fine; the moment was not.
    if (error instanceof PaymentsApiError && error.code === "invalid_state") {
      throw new ApiError("upstream_rejected", "This pay-in is past the point where a UTR can be submitted.", {
        fields: { utr: ["Too late for a UTR: the pay-in has moved on."] },
      });
    }
    throw error;
  }
}

/** GET /v1/h2h/conversion-rates: INR per 1 USDT, an indicative quote for the form. */
export async function indiaQuote(client: PaymentsClient): Promise<IndiaQuoteDto> {
  const rates = await client.india.conversionRates();
  return { base: rates.base ?? "USDT", quote: rates.quote ?? "INR", rate: rates.rate, asOf: rates.asOf ?? null };
}
