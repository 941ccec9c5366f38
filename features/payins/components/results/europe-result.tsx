import { DetailList } from "@/components/ui/detail-list";
import { LocalTime } from "@/components/ui/local-time";
import { formatMoney } from "@/lib/money";
import type { EuropePayinDto } from "@/lib/contracts/region-payins";
import { LinkActions } from "./link-actions";
import { PayableOnly } from "./payable-only";

export function EuropeResult({ payin, payable }: { payin: EuropePayinDto; payable: boolean }) {
  const crypto = payin.cryptoCurrency ?? "USDC";
  return (
    <>
      {payin.checkoutUrl ? (
        <PayableOnly payable={payable}>
          <section aria-labelledby="eu-checkout-heading" className="space-y-1">
            <h3 id="eu-checkout-heading" className="text-sm font-semibold text-slate-900">
              Checkout link: send it to the customer
            </h3>
            <LinkActions url={payin.checkoutUrl} name="checkout page" testId="eu-checkout-url" />
          </section>
        </PayableOnly>
      ) : null}
      <section aria-labelledby="eu-quote-heading" className="rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="eu-quote">
        <h3 id="eu-quote-heading" className="text-sm font-semibold text-slate-900">
          Indicative {crypto} quote (display only)
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          {payin.cryptoAmount ? formatMoney(payin.cryptoAmount, crypto) : "—"}
          {payin.rate && payin.currency ? ` at 1 ${payin.currency} = ${payin.rate} ${crypto}` : ""}. Not a commitment: the {crypto} credited
          is decided when the payment settles.
        </p>
      </section>
      <DetailList
        rows={[
          {
            label: "Event",
            value: payin.eventId === null ? null : `${payin.eventId}${payin.eventDescription ? `: ${payin.eventDescription}` : ""}`,
            testId: "eu-event",
          },
          { label: "Expires", value: <LocalTime iso={payin.expiresAt} /> },
        ]}
      />
    </>
  );
}
