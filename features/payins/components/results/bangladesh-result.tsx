import { DetailList } from "@/components/ui/detail-list";
import { LocalTime } from "@/components/ui/local-time";
import type { BangladeshPayinDto } from "@/lib/contracts/region-payins";
import { feeRows } from "./fee-rows";
import { LinkActions } from "./link-actions";
import { PayableOnly } from "./payable-only";

export function BangladeshResult({ payin, payable }: { payin: BangladeshPayinDto; payable: boolean }) {
  return (
    <>
      {payin.paymentUrl ? (
        <PayableOnly payable={payable}>
          <section aria-labelledby="bd-link-heading" className="space-y-1">
            <h3 id="bd-link-heading" className="text-sm font-semibold text-slate-900">
              Payment link for the customer
            </h3>
            <LinkActions url={payin.paymentUrl} name="payment page" testId="bd-payment-url" />
          </section>
        </PayableOnly>
      ) : null}
      <DetailList
        rows={[
          // §2.2: expiresAt is the pay-in session's; paymentInfo.expiredTime the provider's link.
          { label: "Request expires", value: <LocalTime iso={payin.expiresAt} />, testId: "bd-expires-at" },
          {
            label: "Link expires",
            value: payin.expiredTimeIso ? <LocalTime iso={payin.expiredTimeIso} /> : payin.expiredTime,
            testId: "bd-expired-time",
          },
          ...feeRows(payin.fees, payin.currency ?? "BDT"),
        ]}
      />
    </>
  );
}
