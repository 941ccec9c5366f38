"use client";

import type { FieldSpec, FormValues } from "@/lib/regions/form";
import { FormField } from "../ui/form-field";

type Props = {
  idPrefix: string;
  fields: readonly FieldSpec[];
  values: FormValues;
  errors: Record<string, string[]>;
  onChange: (name: string, value: string) => void;
  disabled?: boolean;
};

const INPUT_TYPE = { text: "text", email: "email", url: "url", tel: "tel", integer: "text" } as const;

/** The inputs a FieldSpec list describes, each with its label, hint and field-level errors. */
export function SpecFields({ idPrefix, fields, values, errors, onChange, disabled }: Props) {
  return (
    <>
      {fields.map((field) => {
        const id = `${idPrefix}-${field.name.replaceAll(".", "-")}`;
        const label = field.optional ? `${field.label} (optional)` : field.label;
        if (field.kind === "select") {
          const errorId = errors[field.name]?.length ? `${id}-error` : undefined;
          return (
            <div key={field.name}>
              <label htmlFor={id} className="block text-sm font-medium text-slate-900">
                {label}
              </label>
              <select
                id={id}
                value={values[field.name] ?? ""}
                onChange={(event) => onChange(field.name, event.target.value)}
                disabled={disabled}
                aria-describedby={errorId}
                className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-700"
              >
                {field.options?.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
              {errorId ? (
                <p id={errorId} className="mt-1 text-sm text-red-800">
                  {errors[field.name]?.join(" ")}
                </p>
              ) : null}
            </div>
          );
        }
        return (
          <FormField
            key={field.name}
            id={id}
            name={field.name}
            label={label}
            hint={field.hint}
            errors={errors[field.name]}
            type={INPUT_TYPE[field.kind ?? "text"]}
            inputMode={field.decimal ? "decimal" : field.kind === "integer" ? "numeric" : undefined}
            autoComplete={field.autoComplete ?? "off"}
            value={values[field.name] ?? ""}
            onChange={(event) => onChange(field.name, event.target.value)}
            disabled={disabled}
          />
        );
      })}
    </>
  );
}
