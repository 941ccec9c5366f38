import { ROLES, type Role } from "@/lib/permissions";

/** A role picked from the matrix's roles: the only ones the form can send. */
export function RoleSelect({ id, label, value, onChange }: { id: string; label: string; value: Role; onChange: (role: Role) => void }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as Role)}
        className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900"
      >
        {ROLES.map((item) => (
          <option key={item} value={item}>
            {item}
          </option>
        ))}
      </select>
    </div>
  );
}
