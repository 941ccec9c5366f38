import type { InputHTMLAttributes, ReactNode } from "react";

type FormFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  hint?: ReactNode;
  errors?: readonly string[];
};

/** Label, hint and field-level errors wired to the input (aria-describedby, aria-invalid). */
export function FormField({ id, label, hint, errors, className = "", ...input }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-700">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-700 aria-[invalid=true]:border-red-700"
        {...input}
      />
      {errorId ? (
        <p id={errorId} className="mt-1 text-sm text-red-800">
          {/* One message per field: the schema orders its checks so the first is the most useful. */}
          {errors?.[0]}
        </p>
      ) : null}
    </div>
  );
}
