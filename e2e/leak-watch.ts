import type { BrowserContext, Route } from "@playwright/test";
import { SENTINELS } from "./env";

const NEEDLES = Object.values(SENTINELS);

export type ResponseKind = "html" | "rsc" | "json" | "other";

export type LeakReport = {
  checked: Record<ResponseKind, number>;
  leaks: { url: string; needle: string }[];
};

function kindOf(contentType: string): ResponseKind {
  if (contentType.includes("text/html")) return "html";
  if (contentType.includes("text/x-component")) return "rsc";
  if (contentType.includes("json")) return "json";
  return "other";
}

/**
 * Sits between the browser and the servers: every response (documents, RSC payloads,
 * JSON, scripts) is fetched, its headers and body searched for the sentinel key and
 * secret, then handed to the browser unchanged. Reading the body here, rather than from
 * page.on("response"), means no body is lost to a navigation.
 */
/** route.fetch can fail on a busy 2-core runner (a reset socket); a failed script breaks hydration. */
const FETCH_ATTEMPTS = 3;

async function fetchThrough(route: Route) {
  for (let attempt = 1; ; attempt++) {
    try {
      // maxRedirects 0: the browser follows redirects itself, exactly as without the watch.
      const response = await route.fetch({ maxRedirects: 0 });
      return { response, body: (await response.body()).toString("utf8") };
    } catch (error) {
      if (attempt >= FETCH_ATTEMPTS) throw error;
    }
  }
}

/**
 * Sits between the browser and the dashboard: every dynamic response (documents, RSC
 * payloads, JSON) is fetched, its headers and body searched for the sentinel key and
 * secret, then handed to the browser unchanged. Reading the body here, rather than from
 * page.on("response"), means no body is lost to a navigation. Build output under
 * /_next/static is left alone: the leak spec scans every one of those files on disk.
 */
export async function watchForLeaks(context: BrowserContext) {
  const report: LeakReport = { checked: { html: 0, rsc: 0, json: 0, other: 0 }, leaks: [] };

  await context.route(
    (url) => !url.pathname.startsWith("/_next/static/"),
    async (route) => {
      let fetched;
      try {
        fetched = await fetchThrough(route);
      } catch {
        // Server unreachable, or the test already ended and closed the page: nothing unread
        // reaches the browser, because the request is failed instead.
        await route.abort().catch(() => undefined);
        return;
      }
      const { response, body } = fetched;
      const headers = response
        .headersArray()
        .map(({ name, value }) => `${name}: ${value}`)
        .join("\n");
      for (const needle of NEEDLES) {
        if (headers.includes(needle) || body.includes(needle)) report.leaks.push({ url: route.request().url(), needle });
      }
      report.checked[kindOf(response.headers()["content-type"] ?? "")] += 1;
      await route.fulfill({ response }).catch(() => undefined);
    },
  );

  return report;
}
