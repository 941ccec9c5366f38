/** Where the operator is in an ordered flow; later steps are listed but not links (they unlock in order). */
export function Stepper<S extends string>({ steps, current, labels }: { steps: readonly S[]; current: S; labels: Record<S, string> }) {
  const currentIndex = steps.indexOf(current);
  return (
    <ol aria-label="Steps" className="flex flex-wrap gap-2 text-sm">
      {steps.map((step, index) => {
        const state = index < currentIndex ? "done" : index === currentIndex ? "current" : "todo";
        return (
          <li
            key={step}
            aria-current={state === "current" ? "step" : undefined}
            className={`rounded-full px-3 py-1 ${state === "current" ? "bg-indigo-700 text-white" : state === "done" ? "bg-green-100 text-green-900" : "bg-slate-100 text-slate-800"}`}
          >
            {index + 1}. {labels[step]}
            {state === "done" ? <span className="sr-only"> (done)</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
