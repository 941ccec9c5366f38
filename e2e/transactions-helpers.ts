import { expect, type APIRequestContext, type Download, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { BFF_HEADERS } from "./fixtures";
import { decodeChunk, type TransactionChunkWire } from "../features/transactions/wire";
import { SIMULATOR_URL } from "./env";

/** The `since` of every list read the tab makes from now on (the page's or its worker's), in order. */
export function recordListReads(page: Page): string[] {
  const since: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/transactions?")) since.push(new URL(request.url()).searchParams.get("since") ?? "");
  });
  return since;
}

export type SimTx = {
  id: string;
  type: "payin" | "payout";
  status: "pending" | "success" | "failed";
  amount: string;
  currency: string;
  rail: string;
  railLabel: string;
  paidAmount: string | null;
  platformOrderId: string;
  createdAt: string;
  completedAt: string | null;
};

/** The simulator's own list, newest first: the ground truth every assertion compares against. */
export async function simTransactions(request: APIRequestContext, env: "test" | "live" = "live"): Promise<SimTx[]> {
  const response = await request.get(`${SIMULATOR_URL}/_sim/transactions?env=${env}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: SimTx[] }).items;
}

export async function injectTransaction(request: APIRequestContext, body: Record<string, string>): Promise<void> {
  const response = await request.post(`${SIMULATOR_URL}/_sim/transactions`, { data: body });
  expect(response.ok(), await response.text()).toBe(true);
}

export async function useLiveMode(page: Page): Promise<void> {
  const response = await page.request.put("/api/session/mode", { headers: BFF_HEADERS, data: { mode: "live" } });
  expect(response.status()).toBe(200);
}

const fingerprint = (rows: Pick<SimTx, "id" | "createdAt" | "status">[]) => rows.map((r) => `${r.id}|${r.createdAt}|${r.status}`).sort();

/**
 * Other specs reset or change the shared simulator, and the dashboard's list is
 * shared per environment: ask the BFF to refresh until it holds exactly the
 * simulator's rows (refreshes closer than 5 s apart are answered from memory).
 */
export async function syncDashboard(page: Page, truth: SimTx[]): Promise<void> {
  await expect
    .poll(
      async () => {
        let since = 0;
        let refresh = true;
        const rows: SimTx[] = [];
        for (;;) {
          const response = await page.request.get(`/api/transactions?since=${since}&limit=10000${refresh ? "&refresh=1" : ""}`);
          const chunk = decodeChunk((await response.json()) as TransactionChunkWire);
          rows.push(...chunk.items);
          since = chunk.version;
          refresh = false;
          if (!chunk.more && !chunk.syncing) break;
        }
        const latest = new Map(rows.map((r) => [r.id, r]));
        return fingerprint([...latest.values()]);
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .toEqual(fingerprint(truth));
}

/** Waits for the page to hold the whole list. */
export async function expectFullyLoaded(page: Page, total: number): Promise<void> {
  const n = total.toLocaleString("en-US");
  await expect(page.getByTestId("load-progress")).toContainText(`Loaded ${n} of ${n}`, { timeout: 20_000 });
}

export async function expectMatchCount(page: Page, matching: number, loaded: number): Promise<void> {
  await expect(page.getByTestId("match-count")).toContainText(
    `${matching.toLocaleString("en-US")} of ${loaded.toLocaleString("en-US")} loaded`,
  );
}

/** A small RFC 4180 reader for the export (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

export async function downloadCsv(page: Page): Promise<string[][]> {
  const [download]: [Download, void] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: /Export CSV/ }).click(),
  ]);
  return parseCsv(await readFile(await download.path(), "utf8"));
}
