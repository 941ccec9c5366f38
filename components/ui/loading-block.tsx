import { Skeleton } from "@/components/ui/skeleton";

/** A widget still loading: busy for assistive tech, with a label saying what is coming. */
export function LoadingBlock({ label, className = "h-40 w-full" }: { label: string; className?: string }) {
  return (
    <div aria-busy="true">
      <span className="sr-only">{label}</span>
      <Skeleton className={className} />
    </div>
  );
}
