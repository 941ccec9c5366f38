import { CopyButton } from "@/components/ui/copy-button";
import { DetailList } from "@/components/ui/detail-list";
import { LocalTime } from "@/components/ui/local-time";
import type { PyusdIntentDto } from "@/lib/contracts/region-payins";
import { pocketLabel } from "@/lib/rails";
import { PayableOnly } from "./payable-only";

export function PyusdResult({ payin, payable }: { payin: PyusdIntentDto; payable: boolean }) {
  const credit = pocketLabel(payin.creditCurrency ?? "PYUSD-USDC");
  return (
    <>
      {payin.depositAddress ? (
        <PayableOnly payable={payable}>
          <section aria-labelledby="pyusd-address-heading" className="space-y-2">
            <h3 id="pyusd-address-heading" className="text-sm font-semibold text-slate-900">
              Deposit address ({payin.network ?? "ethereum"})
            </h3>
            <p className="font-mono text-sm wrap-anywhere text-slate-900" data-testid="pyusd-address">
              {payin.depositAddress}
            </p>
            <CopyButton value={payin.depositAddress} label="Copy the deposit address" />
          </section>
        </PayableOnly>
      ) : null}
      <DetailList
        rows={[
          { label: "Merchant reference", value: payin.merchantReference },
          { label: "Settlement status", value: payin.settlementStatus, testId: "pyusd-settlement" },
          { label: "Expires", value: <LocalTime iso={payin.expiresAt} />, testId: "pyusd-expires" },
          { label: "Credits", value: `${credit} pocket, when settled` },
        ]}
      />
    </>
  );
}
