import type { HTMLAttributes, ReactNode } from "react";

export function Card({ className = "", ...props }: HTMLAttributes<HTMLElement>) {
  return <section className={`rounded-lg border border-slate-200 bg-white p-4 shadow-sm ${className}`} {...props} />;
}

/** A card's title; `as` keeps the heading level right wherever the card sits. */
export function CardTitle({ as: Heading = "h2", children, id }: { as?: "h2" | "h3"; children: ReactNode; id?: string }) {
  return (
    <Heading id={id} className="text-base font-semibold text-slate-900">
      {children}
    </Heading>
  );
}
