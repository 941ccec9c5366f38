// The same full load the page makes (the BFF's chunk API, as many rows per answer as the page
// asks for, from a cold BFF), read by a plain Node client that only decodes and parses the JSON
// (rows stay in the wire format). Splits the gap between the page and the floor into what the
// server path costs and what the browser adds.
import { WIRE_CHUNK_ROWS } from "@/features/transactions/contracts";
import { BFF_HEADERS, DASHBOARD_URL } from "./config";
import { benchSession } from "./session";

export async function measureBffAlone(): Promise<{ ms: number; rows: number }> {
  const cookie = await benchSession("live");
  const started = performance.now();
  let since = 0;
  let rows = 0;
  for (;;) {
    const response = await fetch(`${DASHBOARD_URL}/api/transactions?since=${since}&limit=${WIRE_CHUNK_ROWS}`, {
      // Brotli, as Chromium gets (server/edge/compression.ts), so this client reads the bytes the page reads.
      headers: { ...BFF_HEADERS, Cookie: cookie, "Accept-Encoding": "gzip, deflate, br" },
    });
    if (!response.ok) throw new Error(`bff-alone: chunk answered ${response.status}`);
    // Layout "columns/1" (docs/decisions/0147): rows travel in blocks of `n`.
    const chunk = (await response.json()) as { blocks: { n: number }[]; version: number; more: boolean; syncing: boolean };
    rows += chunk.blocks.reduce((sum, block) => sum + block.n, 0);
    since = chunk.version;
    if (!chunk.more && !chunk.syncing) return { ms: performance.now() - started, rows };
  }
}
