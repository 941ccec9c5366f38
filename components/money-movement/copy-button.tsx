"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

/** Copies one value; the result is announced, since a silent clipboard write is invisible to screen readers. */
export function CopyButton({ value, label }: { value: string; label: string }) {
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
      <Button variant="secondary" onClick={() => void copy()} aria-label={label}>
        Copy
      </Button>
      <span role="status" className="text-xs text-slate-700">
        {status === "copied" ? "Copied" : status === "failed" ? "Copy failed: select the text instead" : ""}
      </span>
    </span>
  );
}
