/** A grey placeholder bar; the surrounding widget carries aria-busy and a text label for screen readers. */
export function Skeleton({ className = "" }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded bg-slate-200 ${className}`} />;
}
