import { refusalLines } from "./field-errors";

/** Why the BFF refused, where the form shows it. */
export function Refusal({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <div role="alert" data-testid="refusal" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      {refusalLines(error).map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
