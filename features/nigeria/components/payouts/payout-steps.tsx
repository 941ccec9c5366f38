// Where an NGN payout is in the bank's lifecycle: queued → processing → sent → completed.
// The spec does not list withdrawalStatus values; these are the simulator's
// (docs/decisions/0056-lookup-casing-times-with-offsets-amount-sort-remembered-mode.md).
// An unknown value is shown as it is rather than guessed onto a step.

const STEPS = ["queued", "processing", "sent", "completed"] as const;
const LABELS: Record<(typeof STEPS)[number], string> = {
  queued: "Queued",
  processing: "Processing",
  sent: "Sent to the bank",
  completed: "Completed",
};

export function PayoutSteps({ withdrawalStatus }: { withdrawalStatus: string | null }) {
  if (withdrawalStatus === "failed")
    return (
      <p data-testid="payout-steps" className="text-sm font-medium text-red-800">
        Failed at the bank
      </p>
    );
  const current = STEPS.indexOf(withdrawalStatus as (typeof STEPS)[number]);
  if (current === -1) return null;
  return (
    <ol data-testid="payout-steps" aria-label="Payout progress" className="flex flex-wrap gap-x-2 gap-y-1 text-sm">
      {STEPS.map((step, index) => (
        <li
          key={step}
          aria-current={index === current ? "step" : undefined}
          className={`flex items-center gap-1 ${index <= current ? "font-medium text-slate-900" : "text-slate-500"}`}
        >
          <span aria-hidden="true">{index < current ? "✓" : index === current ? "●" : "○"}</span>
          {LABELS[step]}
          {index < STEPS.length - 1 ? (
            <span aria-hidden="true" className="text-slate-400">
              →
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
