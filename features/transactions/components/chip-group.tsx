"use client";

type Option<T extends string> = { value: T; label: string };

/** Toggle chips for one multi-select filter; none pressed means "any". */
export function ChipGroup<T extends string>({
  legend,
  options,
  selected,
  onChange,
}: {
  legend: string;
  options: readonly Option<T>[];
  selected: readonly T[];
  onChange: (next: T[]) => void;
}) {
  const toggle = (value: T) => onChange(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);
  return (
    <fieldset className="flex flex-wrap items-center gap-1.5">
      <legend className="mb-1 w-full text-xs font-semibold tracking-wide text-slate-700 uppercase">{legend}</legend>
      {options.map(({ value, label }) => {
        const pressed = selected.includes(value);
        return (
          <button
            key={value}
            type="button"
            aria-pressed={pressed}
            onClick={() => toggle(value)}
            className={`rounded-full border px-2.5 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 ${
              pressed ? "border-indigo-700 bg-indigo-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
            }`}
          >
            {label}
          </button>
        );
      })}
    </fieldset>
  );
}
