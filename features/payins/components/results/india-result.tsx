import { CopyButton } from "@/components/ui/copy-button";
import { DetailList } from "@/components/ui/detail-list";
import { formatMoney } from "@/lib/money";
import type { IndiaPayinDto } from "@/lib/contracts/region-payins";
import { enteredCustomer } from "../entered-customer";
import { feeRows } from "./fee-rows";
import { IndiaUtrForm } from "./india-utr-form";
import { PayableOnly } from "./payable-only";
import { QrImage } from "./qr-image";

/** Upstream trade events (simulator/README.md, India); 4 and 6 credit USDT. */
const TRADE_EVENTS: Record<number, string> = {
  1: "created",
  2: "awaiting payment",
  3: "buyer confirmed (UTR submitted)",
  4: "paid: USDT credited",
  5: "failed or expired",
  6: "released after review: USDT credited",
};

const money = (value: string | null, currency: string) => (value === null ? null : formatMoney(value, currency));

export function IndiaResult({ payin, canWrite, payable }: { payin: IndiaPayinDto; canWrite: boolean; payable: boolean }) {
  const customer = enteredCustomer(payin.transactionId);
  const awaitingPayment = payin.status === "pending" && (payin.tradeEvent === null || payin.tradeEvent <= 2);
  return (
    <>
      <p className="text-sm text-slate-700">
        Requested in <strong className="text-slate-900">{payin.currencySymbol ?? "—"}</strong>. The customer pays INR by UPI; the merchant
        is credited USDT.
      </p>
      <DetailList
        rows={[
          { label: "Customer pays (INR)", value: money(payin.inrAmount, "INR"), testId: "india-inr" },
          { label: "Merchant credited (USDT, gross)", value: money(payin.usdtAmount, "USDT"), testId: "india-usdt" },
          { label: "Rate (INR per USDT)", value: payin.rate },
          { label: "UPI VPA", value: payin.upi.vpa, testId: "india-vpa" },
          { label: "Payee", value: payin.upi.payeeName },
          { label: "UPI intent", value: payin.upi.intentUrl },
          {
            label: "Trade event",
            value: payin.tradeEvent === null ? null : `${payin.tradeEvent}: ${TRADE_EVENTS[payin.tradeEvent] ?? "unknown"}`,
            testId: "india-trade-event",
          },
          { label: "UTR", value: payin.utr, testId: "india-utr-value" },
          ...feeRows(payin.fees, "USDT"),
          // The API does not return the customer (§2.6): the details this tab sent (entered-customer.ts).
          ...(customer
            ? [
                { label: "Customer name (as entered)", value: customer.name, testId: "india-customer-name" },
                { label: "Customer email (as entered)", value: customer.email, testId: "india-customer-email" },
                { label: "Customer phone (as entered)", value: customer.phone, testId: "india-customer-phone" },
              ]
            : []),
        ]}
      />
      {payin.upi.intentUrl || payin.upi.vpa ? (
        <PayableOnly payable={payable}>
          {/* In the order of their rows above, the VPA then the intent, each saying which (two bare "Copy" read alike). */}
          <div className="flex flex-wrap gap-3">
            {payin.upi.vpa ? <CopyButton value={payin.upi.vpa} label="Copy the UPI VPA" showLabel /> : null}
            {payin.upi.intentUrl ? <CopyButton value={payin.upi.intentUrl} label="Copy the UPI intent" showLabel /> : null}
          </div>
          {payin.upi.intentUrl ? (
            <QrImage code={payin.upi.intentUrl} alt="UPI QR code of the UPI intent above, for the customer's UPI app" testId="upi-qr" />
          ) : null}
        </PayableOnly>
      ) : null}
      {awaitingPayment && canWrite ? <IndiaUtrForm transactionId={payin.transactionId} /> : null}
    </>
  );
}
