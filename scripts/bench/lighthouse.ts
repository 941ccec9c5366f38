// (e) Lighthouse performance and accessibility, desktop preset, the median of a page's runs (config.ts: lighthouseRunsFor).
// One Chrome for every run (launching is the slow part on this machine). The signed-in pages
// find the session in that Chrome's cookie jar, as a visitor's browser holds it: Lighthouse
// keeps cookies between runs. (Until the thirteenth round it went as an extra header, which
// Chrome sends from the page but not from its workers: /transactions' worker was refused its
// rows and the page went to /sign-in, so its score was not of the list.)
import { chromium, type Cookie } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import defaultConfig from "lighthouse/core/config/default-config.js";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../chromium";
import { landedElsewhere } from "./pages";

export type LighthouseScores = {
  performance: number;
  accessibility: number;
  runs: { performance: number; accessibility: number }[];
  /** In any run: accessibility audits that failed (id, title, a few offending selectors), a run not scored, a run that ended on another page. */
  failures: string[];
  /** The performance metrics of the median run (by performance score), to see what costs points. */
  metrics: Record<string, string>;
};

const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
] as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** `cookies`: the session the page is scored with (null: signed out); `count`: how many runs, judged on their median. */
export type LighthouseRunner = {
  score: (url: string, cookies: Cookie[] | null, count: number) => Promise<LighthouseScores>;
  close: () => Promise<void>;
};

/** Puts exactly `cookies` in the Chrome's jar, then lets go of it (Lighthouse drives it alone). */
async function setCookies(port: number, cookies: Cookie[]): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const jar = browser.contexts()[0];
    if (!jar) throw new Error("Lighthouse's Chrome has no default context");
    await jar.clearCookies();
    await jar.addCookies(cookies);
  } finally {
    await browser.close();
  }
}

const SIGNED_OUT: Cookie[] = [];

const CATEGORIES = ["performance", "accessibility"];

/**
 * The audits of both categories that weigh nothing in their score (diagnostics such as unused
 * JavaScript, the back/forward cache, the LCP element): skipped, with the artifacts only they
 * need. The scores and the metrics the report prints are unchanged; a run is shorter.
 */
const UNSCORED_AUDITS = CATEGORIES.flatMap((id) =>
  (defaultConfig.categories?.[id]?.auditRefs ?? []).filter((ref) => ref.weight === 0).map((ref) => ref.id),
);

export async function startLighthouse(): Promise<LighthouseRunner> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
  let jarHolds: Cookie[] | undefined;
  return {
    async score(url, cookies, count) {
      const wanted = cookies ?? SIGNED_OUT;
      if (jarHolds !== wanted) await setCookies(chrome.port, (jarHolds = wanted));
      const runs: (LighthouseScores["runs"][number] & { metrics: Record<string, string> })[] = [];
      const failures = new Set<string>();
      const once = async () => {
        const result = await lighthouse(
          url,
          {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: CATEGORIES,
            // Not scored: the full-page screenshot (1.2–2.3 s a run here) only illustrates the report.
            disableFullPageScreenshot: true,
            skipAudits: UNSCORED_AUDITS,
          },
          desktopConfig,
        );
        if (!result) throw new Error(`lighthouse gave no result for ${url}`);
        return result.lhr;
      };
      for (let i = 0; i < count; i++) {
        let lhr = await once();
        // A run Lighthouse could not score (a runtime error, no paint seen: performance null) is
        // a failed measurement, not a slow page: run it once more, and say why if it fails again.
        if (lhr.categories.performance?.score == null) lhr = await once();
        if (lhr.categories.performance?.score == null)
          failures.add(
            `performance not scored: ${lhr.runtimeError?.code ?? "no runtime error given"} ${lhr.runtimeError?.message ?? ""}`.trim(),
          );
        const elsewhere = landedElsewhere(url, lhr.finalDisplayedUrl);
        if (elsewhere) failures.add(`ended on ${elsewhere}, not on the page asked for`);
        const { categories, audits } = lhr;
        const metrics = Object.fromEntries(METRICS.map((id) => [id, audits[id]?.displayValue ?? "?"]));
        runs.push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          metrics,
        });
        for (const ref of categories.accessibility?.auditRefs ?? []) {
          const audit = audits[ref.id];
          if (!audit || audit.score === null || audit.score === 1 || ref.weight === 0) continue;
          const items = (audit.details as { items?: { node?: { selector?: string; snippet?: string } }[] } | undefined)?.items ?? [];
          const where = items
            .slice(0, 3)
            .map((item) => item.node?.snippet ?? item.node?.selector ?? "")
            .filter(Boolean);
          failures.add(`${ref.id} (${audit.title})${where.length ? `: ${where.join(" ; ")}` : ""}`);
        }
      }
      const performance = median(runs.map((r) => r.performance));
      return {
        performance,
        accessibility: median(runs.map((r) => r.accessibility)),
        runs: runs.map(({ performance, accessibility }) => ({ performance, accessibility })),
        failures: [...failures],
        metrics: runs.find((r) => r.performance === performance)?.metrics ?? {},
      };
    },
    close() {
      chrome.kill();
      return Promise.resolve();
    },
  };
}
