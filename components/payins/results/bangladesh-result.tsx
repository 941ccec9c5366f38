import { DetailList } from "@/components/money-movement/detail-list";
import { formatLocalTime } from "@/components/transactions/format";
import type { BangladeshPayinDto } from "@/lib/contracts/payins";
import { feeRows } from "./fee-rows";
import { LinkActions } from "./link-actions";

export function BangladeshResult({ payin }: { payin: BangladeshPayinDto }) {
  return (
    <>
      {payin.paymentUrl ? (
        <section aria-labelledby="bd-link-heading" className="space-y-1">
          <h3 id="bd-link-heading" className="text-sm font-semibold text-slate-900">
            Payment link for the customer
          </h3>
          <LinkActions url={payin.paymentUrl} name="payment page" testId="bd-payment-url" />
        </section>
      ) : null}
      <DetailList
        rows={[
          { label: "Link expires", value: formatLocalTime(payin.expiresAt), testId: "bd-expires-at" },
          {
            label: "Wallet payment expires",
            value: payin.expiredTimeIso ? formatLocalTime(payin.expiredTimeIso) : payin.expiredTime,
            testId: "bd-expired-time",
          },
          ...feeRows(payin.fees, payin.currency ?? "BDT"),
        ]}
      />
    </>
  );
}
