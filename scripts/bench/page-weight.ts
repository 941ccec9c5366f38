// (e) JS weight: the script bytes Chromium received for one page load, as sent on the
// wire (CDP encodedDataLength, gzip from `next start`), split into what arrived by the
// load event and what arrived in the few seconds after (lazy chunks such as the charts).
import type { BrowserContext } from "@playwright/test";
import { landedElsewhere } from "./pages";

export type PageWeight = { initialBytes: number; totalBytes: number; scripts: number };

const SETTLE_MS = 3000;

export async function measureJs(context: BrowserContext, url: string): Promise<PageWeight> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const scripts = new Set<string>();
  let loaded = false;
  let initialBytes = 0;
  let totalBytes = 0;
  cdp.on("Network.responseReceived", (event) => {
    if (event.type === "Script") scripts.add(event.requestId);
  });
  cdp.on("Network.loadingFinished", (event) => {
    if (!scripts.has(event.requestId)) return;
    totalBytes += event.encodedDataLength;
    if (!loaded) initialBytes += event.encodedDataLength;
  });
  await cdp.send("Network.enable");
  // A fresh cache for every page: each figure is a first visit.
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.setExtraHTTPHeaders", { headers: { "Accept-Encoding": "gzip" } });
  try {
    await page.goto(url, { waitUntil: "load" });
    loaded = true;
    const elsewhere = landedElsewhere(url, page.url());
    if (elsewhere) console.warn(`[bench] ${url} went to ${elsewhere}: its JS is the other page's`);
    await page.waitForTimeout(SETTLE_MS);
    return { initialBytes, totalBytes, scripts: scripts.size };
  } finally {
    await page.close();
  }
}
