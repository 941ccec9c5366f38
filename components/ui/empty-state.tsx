import type { ReactNode } from "react";

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-700">
      <p className="font-medium text-slate-900">{title}</p>
      {children ? <div className="mt-1">{children}</div> : null}
    </div>
  );
}
