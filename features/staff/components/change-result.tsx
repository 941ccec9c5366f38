"use client";

import { CopyButton } from "@/components/ui/copy-button";
import type { StaffChangeDto } from "@/features/staff/contracts";

/** What a change answered: its message, and a link shown this once (it is stored only hashed). */
export function ChangeResult({ result }: { result: StaffChangeDto }) {
  return (
    <div role="status" className="space-y-2 rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-950">
      <p>{result.message}</p>
      {result.link ? (
        <div className="space-y-1">
          <p className="font-mono text-xs break-all" data-testid="one-time-link">
            {result.link}
          </p>
          <p className="text-xs">It is not shown again: copy it now and send it to the person yourself.</p>
          <CopyButton value={result.link} label="Copy link" showLabel />
        </div>
      ) : null}
    </div>
  );
}
