import type { BrowserContext } from "@playwright/test";
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
export async function watchForLeaks(context: BrowserContext) {
  const report: LeakReport = { checked: { html: 0, rsc: 0, json: 0, other: 0 }, leaks: [] };

  await context.route("**/*", async (route) => {
    let response;
    let body: string;
    try {
      // maxRedirects 0: the browser follows redirects itself, exactly as without the watch.
      response = await route.fetch({ maxRedirects: 0 });
      body = (await response.body()).toString("utf8");
    } catch {
      // Server unreachable, or the test already ended and closed the page: nothing unread
      // reaches the browser, because the request is failed instead.
      await route.abort().catch(() => undefined);
      return;
    }
    const headers = response.headersArray().map(({ name, value }) => `${name}: ${value}`).join("\n");
    for (const needle of NEEDLES) {
      if (headers.includes(needle) || body.includes(needle)) report.leaks.push({ url: route.request().url(), needle });
    }
    report.checked[kindOf(response.headers()["content-type"] ?? "")] += 1;
    await route.fulfill({ response }).catch(() => undefined);
  });

  return report;
}
