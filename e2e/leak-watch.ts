import type { Page, Response } from "@playwright/test";
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
 * Reads every response the page receives (documents, RSC payloads, JSON, scripts) and
 * looks for the sentinel key and secret in its headers and body. Bodies are read as they
 * arrive, because Chromium may evict them once the page navigates on.
 */
export function watchForLeaks(page: Page) {
  const report: LeakReport = { checked: { html: 0, rsc: 0, json: 0, other: 0 }, leaks: [] };
  const pending: Promise<void>[] = [];

  async function inspect(response: Response): Promise<void> {
    const headers = await response.allHeaders();
    const headerText = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join("\n");
    let body = "";
    // Redirects carry no body; anything else that cannot be read is a real failure.
    if (response.status() < 300 || response.status() >= 400) body = (await response.body()).toString("utf8");
    for (const needle of NEEDLES) {
      if (headerText.includes(needle) || body.includes(needle)) report.leaks.push({ url: response.url(), needle });
    }
    report.checked[kindOf(headers["content-type"] ?? "")] += 1;
  }

  page.on("response", (response) => {
    pending.push(
      inspect(response).catch((error: unknown) => {
        // The page closing mid-read is the end of the test, not a leak; anything else is surfaced.
        if (!page.isClosed()) throw error;
      }),
    );
  });

  return {
    report,
    /** Waits for every body read started so far. */
    settle: async () => {
      await Promise.all(pending);
    },
  };
}
