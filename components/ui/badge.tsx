import type { ReactNode } from "react";

export type BadgeTone = "green" | "slate" | "amber" | "red" | "violet";

// Dark text on light tints: every pair clears WCAG AA (4.5:1) for small text.
const TONES: Record<BadgeTone, string> = {
  green: "bg-green-100 text-green-900",
  slate: "bg-slate-100 text-slate-800",
  amber: "bg-amber-100 text-amber-900",
  red: "bg-red-100 text-red-900",
  violet: "bg-violet-100 text-violet-900",
};

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}>{children}</span>;
}
