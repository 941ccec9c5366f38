// Tailwind 4 sorts an arbitrary breakpoint written in px (`min-[1440px]:`) before its own, which are
// in rem, so at every width md's rule wins over it: the table's ids were cut short at 1440 px for that
// reason (docs/decisions/0065-transactions-round-8-pull-on-the-event-loop-tables-that-fit.md).
// Breakpoints are written in rem (`min-[90rem]:`).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "../..");
const PX_BREAKPOINT = /\b(?:min|max)-\[\d+(?:\.\d+)?px\]:/g;

function sourcesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(tsx?|css)$/.test(file))
    .map((file) => join(folder, file));
}

describe("breakpoints", () => {
  it("finds a px breakpoint where one is written", () => {
    expect('className="block min-[1440px]:max-w-none max-[30.5px]:hidden"'.match(PX_BREAKPOINT)).toEqual([
      "min-[1440px]:",
      "max-[30.5px]:",
    ]);
    expect('className="min-[90rem]:max-w-none w-[12px] md:block"'.match(PX_BREAKPOINT)).toBeNull();
  });

  it("are written in rem everywhere in the app's styles, never in px", () => {
    const found = ["app", "components"]
      .flatMap(sourcesUnder)
      .flatMap((file) => (readFileSync(join(ROOT, file), "utf8").match(PX_BREAKPOINT) ?? []).map((match) => `${file}: ${match}`));
    expect(found).toEqual([]);
  });
});
