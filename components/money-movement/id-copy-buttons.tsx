"use client";

import { CopyButton } from "@/components/ui/copy-button";

/** A write's ids, one click each to copy into a ticket or a chat with the provider. */
export function IdCopyButtons({ transactionId, merchantReference }: { transactionId: string; merchantReference: string | null }) {
  return (
    <div className="flex flex-wrap gap-3">
      <CopyButton value={transactionId} label="Copy the transaction ID" showLabel />
      {merchantReference ? <CopyButton value={merchantReference} label="Copy the merchant reference" showLabel /> : null}
    </div>
  );
}
