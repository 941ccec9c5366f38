"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * Copies one value; the result is announced, since a silent clipboard write is invisible to screen
 * readers, and a refused write says what to do instead. "Copy" beside the value it copies, with
 * `label` as its accessible name; `showLabel` where it stands apart from it (a row of them).
 * The one copy button of the console: payouts, pay-ins, the Nigeria account, the transaction detail.
 */
export function CopyButton({ value, label, showLabel = false }: { value: string; label: string; showLabel?: boolean }) {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setStatus("copied");
    } catch {
      setStatus("failed");
    }
  }
  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="secondary" onClick={() => void copy()} aria-label={showLabel ? undefined : label}>
        {showLabel ? label : "Copy"}
      </Button>
      <span role="status" className="text-xs text-slate-700">
        {status === "copied" ? "Copied" : status === "failed" ? "Copy failed: select the text instead" : ""}
      </span>
    </span>
  );
}
