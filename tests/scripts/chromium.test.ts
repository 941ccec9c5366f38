import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { BROWSER_UI_FEATURES_OFF, PLAYWRIGHT_CHROMIUM, PLAYWRIGHT_DISABLED_FEATURES } from "@/scripts/chromium";

/** The `disabledFeatures` array of the installed playwright-core, read from its bundled source. */
function installedPlaywrightDisabledFeatures(): string[] {
  const bundle = readFileSync(createRequire(import.meta.url).resolve("playwright-core/lib/coreBundle"), "utf8");
  const block = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle)?.[1];
  if (block === undefined) throw new Error("playwright-core no longer declares disabledFeatures the way this test reads it");
  const code = block.replace(/\/\/.*$/gm, "");
  return [...code.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
}

describe("the Chromium launch options", () => {
  it("repeat Playwright's own disabled features, since a later --disable-features replaces them", () => {
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(installedPlaywrightDisabledFeatures());
  });

  it("pass one --disable-features holding Playwright's and the browser UI's", () => {
    const flags = PLAYWRIGHT_CHROMIUM.args.filter((arg) => arg.startsWith("--disable-features="));
    expect(flags).toHaveLength(1);
    const features = flags[0]!.slice("--disable-features=".length).split(",");
    expect(features).toEqual([...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES_OFF]);
  });
});
