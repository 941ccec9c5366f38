import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliDecompressSync } from "node:zlib";
import type { NextConfig } from "next";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT } from "@/scripts/compile-hints.mjs";

const NEXT_CONFIG = pathToFileURL(fileURLToPath(new URL("../../next.config.mjs", import.meta.url))).href;

let distDir: string;
const chunk = (name: string) => path.join(distDir, "static", "chunks", name);

beforeEach(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), "compile-hints-"));
  await mkdir(path.join(distDir, "static", "chunks", "app"), { recursive: true });
  await writeFile(chunk("a.js"), "(globalThis.TURBOPACK||[]).push([1,e=>{}]);");
  await writeFile(chunk(path.join("app", "b.js")), "console.log(1);");
  await writeFile(chunk("styles.css"), "body{}");
  await writeFile(path.join(distDir, "static", "other.js"), "other();");
});
afterEach(() => rm(distDir, { recursive: true, force: true }));

describe("addCompileHints", () => {
  it("puts the hint on the first line of every chunk, nested ones too, keeping the code after it", async () => {
    expect(await addCompileHints(distDir)).toBe(2);
    expect(await readFile(chunk("a.js"), "utf8")).toBe(`${COMPILE_HINT}(globalThis.TURBOPACK||[]).push([1,e=>{}]);`);
    expect(await readFile(chunk(path.join("app", "b.js")), "utf8")).toBe(`${COMPILE_HINT}console.log(1);`);
    expect(COMPILE_HINT).toBe("//# allFunctionsCalledOnLoad\n");
  });

  it("leaves stylesheets and files outside static/chunks alone", async () => {
    await addCompileHints(distDir);
    expect(await readFile(chunk("styles.css"), "utf8")).toBe("body{}");
    expect(await readFile(path.join(distDir, "static", "other.js"), "utf8")).toBe("other();");
  });

  it("marks a chunk once however often it runs", async () => {
    await addCompileHints(distDir);
    expect(await addCompileHints(distDir)).toBe(0);
    expect(await readFile(chunk("a.js"), "utf8")).toBe(`${COMPILE_HINT}(globalThis.TURBOPACK||[]).push([1,e=>{}]);`);
  });
});

describe("next.config.mjs", () => {
  it("marks the build's chunks once the production compile is done, compresses them as marked, and bundles the server", async () => {
    const { default: configFor } = (await import(NEXT_CONFIG)) as { default: (phase: string) => Promise<NextConfig> };
    const config = await configFor("phase-test");
    await config.compiler?.runAfterProductionCompile?.({ distDir, projectDir: distDir });
    const shipped = await readFile(chunk("a.js"), "utf8");
    expect(shipped).toMatch(/^\/\/# allFunctionsCalledOnLoad\n/);
    // scripts/precompress-static.mjs ran after the hints: the copy holds the marked file.
    expect(brotliDecompressSync(await readFile(`${chunk("a.js")}.br`)).toString()).toBe(shipped);
    // scripts/server-bundle.mjs: the build ships server.ts bundled, for `npm start`.
    expect(await readFile(path.join(distDir, "server.mjs"), "utf8")).toMatch(/await import\("next"\)/);
  });
});
