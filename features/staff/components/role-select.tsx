import { ROLES, type Role } from "@/lib/permissions";

type LabelledSelectProps = {
  id: string;
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  /** A first option meaning "no filter" (its value is ""). */
  allLabel?: string;
  width?: string;
};

/** One labelled select for the staff page's filters and the role pickers. */
export function LabelledSelect({ id, label, value, options, onChange, allLabel, width = "w-full" }: LabelledSelectProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`mt-1 block ${width} rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900`}
      >
        {allLabel === undefined ? null : <option value="">{allLabel}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A role picked from the matrix's roles: the only ones the form can send. */
export function RoleSelect({ id, label, value, onChange }: { id: string; label: string; value: Role; onChange: (role: Role) => void }) {
  return <LabelledSelect id={id} label={label} value={value} options={ROLES} onChange={(next) => onChange(next as Role)} />;
}
