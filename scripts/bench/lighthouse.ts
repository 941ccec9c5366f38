// (e) Lighthouse performance and accessibility, desktop preset, the median of LIGHTHOUSE_RUNS runs per page.
// One Chrome for every run (launching is the slow part on this machine); the signed-in
// pages get the session cookie as an extra header.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../chromium";
import { LIGHTHOUSE_RUNS } from "./config";

export type LighthouseScores = {
  performance: number;
  accessibility: number;
  runs: { performance: number; accessibility: number }[];
  /** Accessibility audits that failed in any run: id, title and a few offending selectors. */
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

export type LighthouseRunner = { score: (url: string, cookie: string | null) => Promise<LighthouseScores>; close: () => Promise<void> };

export async function startLighthouse(): Promise<LighthouseRunner> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
  return {
    async score(url, cookie) {
      const runs: (LighthouseScores["runs"][number] & { metrics: Record<string, string> })[] = [];
      const failures = new Set<string>();
      const once = async () => {
        const result = await lighthouse(
          url,
          {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility"],
            extraHeaders: cookie ? { Cookie: cookie } : undefined,
          },
          desktopConfig,
        );
        if (!result) throw new Error(`lighthouse gave no result for ${url}`);
        return result.lhr;
      };
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        let lhr = await once();
        // A run Lighthouse could not score (a runtime error, no paint seen: performance null) is
        // a failed measurement, not a slow page: run it once more, and say why if it fails again.
        if (lhr.categories.performance?.score == null) lhr = await once();
        if (lhr.categories.performance?.score == null)
          failures.add(
            `performance not scored: ${lhr.runtimeError?.code ?? "no runtime error given"} ${lhr.runtimeError?.message ?? ""}`.trim(),
          );
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
