import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { precompressStatic } from "@/scripts/precompress-static.mjs";

let distDir: string;
const file = (name: string) => path.join(distDir, "static", name);
const exists = (name: string) =>
  stat(name).then(
    () => true,
    () => false,
  );
// Ids and code, repeated: compressible, as chunks are.
const SCRIPT = Array.from({ length: 400 }, (_, i) => `function f${i}(){return "tx_${i.toString(36).padStart(8, "0")}"}`).join(";");

beforeEach(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), "precompress-"));
  await mkdir(path.join(distDir, "static", "chunks", "app"), { recursive: true });
  await mkdir(path.join(distDir, "static", "media"), { recursive: true });
  await writeFile(file("chunks/a.js"), SCRIPT);
  await writeFile(file("chunks/app/b.js"), "console.log(1);");
  await writeFile(file("chunks/styles.css"), "body{color:red}".repeat(50));
  await writeFile(file("media/font.woff2"), Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]));
});
afterEach(() => rm(distDir, { recursive: true, force: true }));

describe("precompressStatic", () => {
  it("writes a brotli and a gzip copy beside every script and stylesheet, nested ones too, each decoding to the file", async () => {
    expect(await precompressStatic(distDir)).toBe(3);
    for (const name of ["chunks/a.js", "chunks/app/b.js", "chunks/styles.css"]) {
      const original = await readFile(file(name));
      expect(brotliDecompressSync(await readFile(`${file(name)}.br`)).equals(original)).toBe(true);
      expect(gunzipSync(await readFile(`${file(name)}.gz`)).equals(original)).toBe(true);
    }
  });

  it("leaves files that are compressed already (fonts, images) without copies", async () => {
    await precompressStatic(distDir);
    expect(await exists(`${file("media/font.woff2")}.br`)).toBe(false);
    expect(await exists(`${file("media/font.woff2")}.gz`)).toBe(false);
  });

  it("sends brotli smaller than gzip, and gzip as Next's on-the-fly compression would (zlib's default level)", async () => {
    await precompressStatic(distDir);
    const br = await readFile(`${file("chunks/a.js")}.br`);
    const gz = await readFile(`${file("chunks/a.js")}.gz`);
    expect(br.length).toBeLessThan(gz.length);
    expect(gz.length).toBe(gzipSync(SCRIPT).length);
  });
});
