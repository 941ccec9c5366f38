// The floor for (b): every page of the list read straight from the simulator, with the
// same page size and concurrency the BFF uses, signed as §5 asks. No parsing beyond JSON,
// no merging: the least any client could spend on the same requests.
import { createHmac } from "node:crypto";
import { CONCURRENCY, KEYS, PAGE_SIZE, SIMULATOR_URL } from "./config";

export type Page = { items: { id: string; rail: string; type: string }[]; total: number };

export async function getPage(offset: number): Promise<Page> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac("sha256", KEYS.live.secret).update(`${timestamp}.`).digest("hex");
  const response = await fetch(`${SIMULATOR_URL}/v1/transactions?limit=${PAGE_SIZE}&offset=${offset}`, {
    headers: { "X-Service-Key": KEYS.live.key, "X-Service-Timestamp": timestamp, "X-Service-Signature": signature },
  });
  if (!response.ok) throw new Error(`floor: GET offset ${offset} answered ${response.status}`);
  return (await response.json()) as Page;
}

/** Milliseconds to read every page (first page alone, then the rest 4 at a time, like the BFF), and the row count. */
export async function measureFloor(): Promise<{ ms: number; rows: number; firstPageMs: number }> {
  const started = performance.now();
  const first = await getPage(0);
  const firstPageMs = performance.now() - started;
  const offsets: number[] = [];
  for (let offset = PAGE_SIZE; offset < first.total; offset += PAGE_SIZE) offsets.push(offset);
  let rows = first.items.length;
  let next = 0;
  const worker = async () => {
    while (next < offsets.length) {
      const page = await getPage(offsets[next++]!);
      rows += page.items.length;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { ms: performance.now() - started, rows, firstPageMs };
}
