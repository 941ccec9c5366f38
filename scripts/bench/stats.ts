// Small numeric helpers for the report.
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest rank: the smallest value with at least p% of the samples at or below it.
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const median = (values: readonly number[]) => percentile(values, 50);
export const ms = (value: number) => `${Math.round(value).toLocaleString("en-US")} ms`;
/** Below a millisecond matters (the store's cost per write): two decimals. */
export const fine = (value: number) => `${value.toFixed(2)} ms`;
/** Milliseconds shown as seconds: "1.40 s". */
export const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
