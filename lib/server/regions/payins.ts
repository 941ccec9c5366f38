import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import { PaymentsApiError } from "@/lib/payments/errors";
import type { IndiaQuoteDto, PayinDtoOf } from "@/lib/contracts/payins";
import type { PayinRegion } from "@/lib/regions/regions";
import type { PayinSubmission } from "@/lib/regions/submissions";
import type { Environment } from "@/lib/rails";
import { ApiError } from "../api-error";
import { trackBangladeshWrite } from "../market-pause";
import { toBangladeshPayinDto, toBrazilPayinDto, toEuropePayinDto, toIndiaPayinDto, toPyusdIntentDto } from "./dto";
import { payinIdempotencyKey } from "./keys";
import { writeOnce } from "./write-once";

export type RegionContext = { client: PaymentsClient; mode: Environment };

type Creates = { [R in PayinRegion]: (input: PayinSubmission<R>, ctx: RegionContext) => Promise<PayinDtoOf<R>> };
type Reads = { [R in PayinRegion]: (id: string, client: PaymentsClient) => Promise<PayinDtoOf<R>> };

/** Each create sends exactly the reviewed body, with the key derived for it, at most once per key at a time. */
export const PAYIN_CREATES: Creates = {
  bangladesh: async (input, { client, mode }) => {
    const key = payinIdempotencyKey("bangladesh", mode, input);
    // Through trackBangladeshWrite: a 503 here marks the market paused (§1 rule 9) for the balances page.
    const send = () => trackBangladeshWrite(mode, () => client.bangladesh.createPayin(input.body, { idempotencyKey: key }));
    return toBangladeshPayinDto(await writeOnce(mode, key, input.body, send));
  },
  brazil: async (input, { client, mode }) => {
    const key = payinIdempotencyKey("brazil", mode, input);
    return toBrazilPayinDto(await writeOnce(mode, key, input.body, () => client.brazil.createPayin(input.body, { idempotencyKey: key })));
  },
  india: async (input, { client, mode }) => {
    const key = payinIdempotencyKey("india", mode, input);
    return toIndiaPayinDto(await writeOnce(mode, key, input.body, () => client.india.createPayin(input.body, { idempotencyKey: key })));
  },
  europe: async (input, { client, mode }) => {
    const key = payinIdempotencyKey("europe", mode, input);
    return toEuropePayinDto(await writeOnce(mode, key, input.body, () => client.europe.createPayin(input.body, { idempotencyKey: key })));
  },
  pyusd: async (input, { client, mode }) => {
    const key = payinIdempotencyKey("pyusd", mode, input);
    return toPyusdIntentDto(await writeOnce(mode, key, input.body, () => client.pyusd.createIntent(input.body, { idempotencyKey: key })));
  },
};

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
      throw new ApiError("upstream_rejected", "This pay-in is past the point where a UTR can be submitted.", { fields: { utr: ["Too late for a UTR: the pay-in has moved on."] } });
    }
    throw error;
  }
}

/** GET /v1/h2h/conversion-rates: INR per 1 USDT, an indicative quote for the form. */
export async function indiaQuote(client: PaymentsClient): Promise<IndiaQuoteDto> {
  const rates = await client.india.conversionRates();
  return { base: rates.base ?? "USDT", quote: rates.quote ?? "INR", rate: rates.rate, asOf: rates.asOf ?? null };
}
