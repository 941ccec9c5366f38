import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { builtFrom, rememberBuild, sourcesKey } from "../../scripts/bench/build-key";

describe("the empty page's build key (scripts/bench/build-key.ts)", () => {
  let dir = "";
  const app = () => path.join(dir, "app");
  const dist = () => path.join(dir, "app", ".next-bench");
  const lockfile = () => path.join(dir, "package-lock.json");
  const key = () => sourcesKey(app(), [".next-bench", "next-env.d.ts"], [lockfile()]);

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "bench-build-key-"));
    await mkdir(path.join(app(), "app"), { recursive: true });
    await mkdir(dist());
    await writeFile(path.join(app(), "app", "page.tsx"), "export default function Page() {}");
    await writeFile(path.join(app(), "next.config.mjs"), "export default {};");
    await writeFile(lockfile(), '{"next":"16.4.5"}');
  });
  afterEach(() => rm(dir, { recursive: true }));

  it("changes with any source's content or name, or the lockfile, and not with the build's own files", async () => {
    const first = await key();
    expect(await key()).toBe(first);
    await writeFile(path.join(dist(), "BUILD_ID"), "abc");
    await writeFile(path.join(app(), "next-env.d.ts"), '/// <reference types="next" />');
    expect(await key()).toBe(first);

    await writeFile(path.join(app(), "app", "page.tsx"), "export default function Page() { return null; }");
    const edited = await key();
    expect(edited).not.toBe(first);
    await writeFile(lockfile(), '{"next":"16.5.0"}');
    expect(await key()).not.toBe(edited);
    const upgraded = await key();
    await writeFile(path.join(app(), "app", "layout.tsx"), "");
    expect(await key()).not.toBe(upgraded);
  });

  it("keeps a build only once it has finished (BUILD_ID) and was made from the same key", async () => {
    const current = await key();
    expect(await builtFrom(dist(), current)).toBe(false);
    await rememberBuild(dist(), current);
    expect(await builtFrom(dist(), current)).toBe(false);
    await writeFile(path.join(dist(), "BUILD_ID"), "abc");
    expect(await builtFrom(dist(), current)).toBe(true);
    expect(await builtFrom(dist(), "another")).toBe(false);
    expect(await builtFrom(path.join(dir, "nowhere"), current)).toBe(false);
  });
});
