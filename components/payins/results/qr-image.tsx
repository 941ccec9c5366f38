"use client";

import { useEffect, useState } from "react";

/** The PIX code as a QR image, drawn in the browser; qrcode is loaded only when a PIX result is on screen. */
export function PixQr({ code }: { code: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    import("qrcode")
      .then((QRCode) => QRCode.toDataURL(code, { errorCorrectionLevel: "M", margin: 2, width: 224 }))
      .then((url) => {
        if (!cancelled) setSrc(url);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [code]);

  if (failed) return <p className="text-sm text-slate-700">The QR image could not be drawn; the customer can paste the code instead.</p>;
  if (!src)
    return (
      <div aria-busy="true" className="h-56 w-56 animate-pulse rounded bg-slate-200">
        <span className="sr-only">Drawing the QR code</span>
      </div>
    );
  // eslint-disable-next-line @next/next/no-img-element -- a data: URL made in the browser; next/image has nothing to optimise
  return <img src={src} width={224} height={224} alt="PIX QR code of the payment code above" data-testid="pix-qr" />;
}
