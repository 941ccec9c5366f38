"use client";

import { useEffect, useState } from "react";

/**
 * A payment code (PIX copy-and-paste, a UPI intent) as a QR image, drawn in the browser; qrcode is
 * loaded only when a result with one is on screen. `alt` names what it encodes.
 */
export function QrImage({ code, alt, testId }: { code: string; alt: string; testId: string }) {
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

  if (failed) return <p className="text-sm text-slate-700">The QR image could not be drawn; the customer can use the code instead.</p>;
  if (!src)
    return (
      <div aria-busy="true" className="h-56 w-56 animate-pulse rounded bg-slate-200">
        <span className="sr-only">Drawing the QR code</span>
      </div>
    );
  // eslint-disable-next-line @next/next/no-img-element -- a data: URL made in the browser; next/image has nothing to optimise
  return <img src={src} width={224} height={224} alt={alt} data-testid={testId} />;
}
