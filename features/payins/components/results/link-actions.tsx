import { CopyButton } from "@/components/ui/copy-button";
import { buttonClasses } from "@/components/ui/button";

/** A link the operator passes to the customer: shown in full, copyable, and openable in a new tab. */
export function LinkActions({ url, name, testId }: { url: string; name: string; testId: string }) {
  return (
    <div className="space-y-2">
      <p className="font-mono text-sm wrap-anywhere text-slate-900" data-testid={testId}>
        {url}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton value={url} label={`Copy the ${name}`} />
        <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClasses("secondary")}>
          Open {name}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    </div>
  );
}
