import { mkdtemp, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleServer, SERVER_BUNDLE } from "@/scripts/server-bundle.mjs";
import { startWithoutDatabase } from "../support/server-process";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

let tmp: string;
let outfile: string;
let bundle: string;
beforeAll(async () => {
  // Inside the project, as a build folder is (packages resolve from its node_modules; `.next-*` is
  // gitignored), but two folders down where `.next` is one: the bundle must still find the project.
  tmp = await mkdtemp(path.join(ROOT, ".next-server-bundle-"));
  outfile = await bundleServer(path.join(tmp, "build", "folder"));
  bundle = await readFile(outfile, "utf8");
}, 30_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe("bundleServer", () => {
  it("writes one ES module into the build folder it is given", () => {
    expect(outfile).toBe(path.join(tmp, "build", "folder", SERVER_BUNDLE));
    expect(SERVER_BUNDLE).toBe("server.mjs");
  });

  it("inlines the project's own modules and leaves packages to node_modules", () => {
    const specifiers = [...bundle.matchAll(/^import .*?from "([^"]+)";$/gm)].map((match) => match[1]!);
    expect(specifiers).toContain("next/constants.js");
    expect(specifiers).toContain("kysely");
    // Nothing relative, nothing through the tsconfig alias, nothing TypeScript: plain Node runs it.
    expect(specifiers.filter((specifier) => /^(\.|@\/)|\.tsx?$/.test(specifier))).toEqual([]);
    expect(bundle).not.toMatch(/import\("(\.|@\/)/);
  });

  it("names the project's folder relative to the bundle's own, at whatever depth the build folder is", () => {
    const fromBundle = path.relative(path.dirname(outfile), ROOT);
    expect(bundle).toContain(JSON.stringify(fromBundle));
    expect(path.resolve(path.dirname(outfile), fromBundle)).toBe(path.resolve(ROOT));
    expect(bundle).not.toContain("__PROJECT_DIR_FROM_SERVER__");
  });

  it("keeps the server-only marker in the lib/server modules it inlines, resolved to nothing", async () => {
    for (const file of [
      "lib/server/db/server-start.ts",
      "lib/server/db/create.ts",
      "lib/server/db/migrate.ts",
      "lib/server/db/env-files.ts",
    ]) {
      expect(await readFile(path.join(ROOT, file), "utf8")).toMatch(/^import "server-only";$/m);
    }
    expect(bundle).not.toMatch(/["']server-only["']/);
  });

  it(
    "runs under plain Node, with no TypeScript loader: it stops before Next loads when no database is configured",
    { timeout: 30_000 },
    async () => {
      const started = startWithoutDatabase([outfile], tmp);
      await expect(started).rejects.toMatchObject({ code: 1, stdout: "", stderr: expect.stringMatching(/^No database configured\./) });
    },
  );
});
