import { CopyButton } from "@/components/ui/copy-button";
import { DetailList } from "@/components/ui/detail-list";
import { LocalTime } from "@/components/ui/local-time";
import type { BrazilPayinDto } from "@/lib/contracts/region-payins";
import { feeRows } from "./fee-rows";
import { LinkActions } from "./link-actions";
import { PayableOnly } from "./payable-only";
import { QrImage } from "./qr-image";

export function BrazilResult({ payin, payable }: { payin: BrazilPayinDto; payable: boolean }) {
  return (
    <>
      {payin.pixCode || payin.pixUrl ? (
        <PayableOnly payable={payable}>
          {payin.pixCode ? (
            <section aria-labelledby="pix-heading" className="space-y-2">
              <h3 id="pix-heading" className="text-sm font-semibold text-slate-900">
                PIX copy-and-paste code
              </h3>
              <p className="rounded bg-slate-50 p-2 font-mono text-sm wrap-anywhere text-slate-900" data-testid="pix-code">
                {payin.pixCode}
              </p>
              <CopyButton value={payin.pixCode} label="Copy the PIX code" />
              <QrImage code={payin.pixCode} alt="PIX QR code of the payment code above" testId="pix-qr" />
            </section>
          ) : null}
          {payin.pixUrl ? (
            <section aria-labelledby="pix-url-heading" className="space-y-1">
              <h3 id="pix-url-heading" className="text-sm font-semibold text-slate-900">
                PIX payment URL
              </h3>
              <LinkActions url={payin.pixUrl} name="PIX page" testId="pix-url" />
            </section>
          ) : null}
        </PayableOnly>
      ) : null}
      <DetailList
        rows={[
          {
            label: "PIX code expires",
            value: payin.expiredTimeIso ? <LocalTime iso={payin.expiredTimeIso} /> : payin.expiredTime,
            testId: "pix-expires",
          },
          ...feeRows(payin.fees, payin.currency ?? "BRL"),
        ]}
      />
    </>
  );
}
