import "server-only";

// Offset paging over a newest-first list shifts while transactions arrive: a
// page fetched later sees every older row `inserted` places further down. Each
// answer carries the `total` it was computed with, so its rows can be placed
// in the coordinates of the list as it was when the load began
// (`original = offset - (total - startTotal)`). Whatever original range no
// answer covered was skipped by a shift and is fetched again.

export type Interval = { start: number; end: number }; // [start, end)

export function originalInterval(offset: number, count: number, total: number, startTotal: number): Interval {
  const start = offset - (total - startTotal);
  return { start, end: start + count };
}

/** The parts of [0, size) that no interval covers, in order. */
export function gaps(covered: readonly Interval[], size: number): Interval[] {
  const sorted = [...covered].sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  let cursor = 0;
  for (const { start, end } of sorted) {
    if (start > cursor) out.push({ start: cursor, end: Math.min(start, size) });
    cursor = Math.max(cursor, end);
    if (cursor >= size) break;
  }
  if (cursor < size) out.push({ start: cursor, end: size });
  return out.filter((gap) => gap.end > gap.start);
}

/** Page requests (original offsets, at most `pageSize` long) that cover the gaps. */
export function pagesFor(holes: readonly Interval[], pageSize: number): Interval[] {
  const pages: Interval[] = [];
  for (const hole of holes) {
    for (let start = hole.start; start < hole.end; start += pageSize) pages.push({ start, end: Math.min(hole.end, start + pageSize) });
  }
  return pages;
}
