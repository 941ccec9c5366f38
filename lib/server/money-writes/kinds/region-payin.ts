import "server-only";
import type { PayinDtoOf } from "@/lib/contracts/region-payins";
import type { BangladeshPayin } from "@/lib/payments/schemas/bangladesh";
import type { BrazilPayin } from "@/lib/payments/schemas/brazil";
import type { EuropePayinCreated } from "@/lib/payments/schemas/europe";
import type { IndiaPayin } from "@/lib/payments/schemas/india";
import type { PyusdIntent } from "@/lib/payments/schemas/pyusd";
import type { PayinRegion } from "@/lib/regions/regions";
import type { PayinSubmission } from "@/lib/requests/region-submissions";
import type { BangladeshPayinRequest, BrazilPayinRequest, EuropePayinRequest, IndiaPayinRequest, PyusdIntentRequest } from "@/lib/requests";
import { trackBangladeshWrite } from "../../market-pause";
import { toBangladeshPayinDto, toBrazilPayinDto, toEuropePayinDto, toIndiaPayinDto, toPyusdIntentDto } from "./region-dto";
import type { WriteAdapter } from "../pipeline";
import { bodyWrite } from "./shared";

// Every pay-in and the PYUSD intent. Brazil, India and Europe bodies carry no
// merchant id, so the browser's reference travels beside the body
// (`{ reference, body }`); PYUSD's body has its merchantReference.

type Rail<R extends PayinRegion, Body, Answer> = WriteAdapter<PayinSubmission<R>, Body, Answer, PayinDtoOf<R>>;
const envelopeReference = (input: { reference: string }) => input.reference;

const PAYIN_RAILS: { [R in PayinRegion]: Rail<R, unknown, unknown> } = {
  /**
   * goodsInfo.id ("product or order id", §2.1) is the merchant's own id when the
   * operator gives one; otherwise the browser's reference
   * (docs/decisions/0023-idempotency-keys-of-region-writes.md). A 503 marks the
   * market paused (§1 rule 9).
   */
  bangladesh: bodyWrite<PayinSubmission<"bangladesh">, BangladeshPayinRequest, BangladeshPayin, PayinDtoOf<"bangladesh">>({
    rail: "bangladesh-payin",
    reference: (input) => input.body.goodsInfo.id ?? input.reference,
    send: (body, idempotencyKey, { client, mode }) =>
      trackBangladeshWrite(mode, () => client.bangladesh.createPayin(body, { idempotencyKey })),
    present: toBangladeshPayinDto,
    // Bangladesh and Brazil share GET /v1/payins/:id.
    read: (client, id) => client.bangladesh.getPayin(id),
  }),
  brazil: bodyWrite<PayinSubmission<"brazil">, BrazilPayinRequest, BrazilPayin, PayinDtoOf<"brazil">>({
    rail: "brazil-payin",
    reference: envelopeReference,
    send: (body, idempotencyKey, { client }) => client.brazil.createPayin(body, { idempotencyKey }),
    present: toBrazilPayinDto,
    read: (client, id) => client.bangladesh.getPayin(id),
  }),
  india: bodyWrite<PayinSubmission<"india">, IndiaPayinRequest, IndiaPayin, PayinDtoOf<"india">>({
    rail: "india-payin",
    reference: envelopeReference,
    send: (body, idempotencyKey, { client }) => client.india.createPayin(body, { idempotencyKey }),
    present: toIndiaPayinDto,
    read: (client, id) => client.india.getPayin(id),
  }),
  europe: bodyWrite<PayinSubmission<"europe">, EuropePayinRequest, EuropePayinCreated, PayinDtoOf<"europe">>({
    rail: "europe-payin",
    reference: envelopeReference,
    send: (body, idempotencyKey, { client }) => client.europe.createPayin(body, { idempotencyKey }),
    present: toEuropePayinDto,
    read: (client, id) => client.europe.getPayin(id),
  }),
  pyusd: bodyWrite<PayinSubmission<"pyusd">, PyusdIntentRequest, PyusdIntent, PayinDtoOf<"pyusd">>({
    rail: "pyusd-payin",
    reference: (input) => input.body.merchantReference,
    send: (body, idempotencyKey, { client }) => client.pyusd.createIntent(body, { idempotencyKey }),
    present: toPyusdIntentDto,
    read: (client, id) => client.pyusd.getIntent(id),
  }),
};

/** The adapter of one region, typed for it (an index by a generic region would widen to the union). */
export const payinWrite = <R extends PayinRegion>(region: R): Rail<R, unknown, unknown> => PAYIN_RAILS[region];
