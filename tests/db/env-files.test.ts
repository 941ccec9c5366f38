import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import nextEnv from "@next/env";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadEnvFiles } from "@/lib/server/db/env-files";
import { setEnv } from "@/server/process-env";

// server.ts and the CLIs read DATABASE_URL before Next loads the .env files: they load them
// first, as Next does. (Under Vitest, NODE_ENV=test: Next's loader reads .env.test* and .env.)

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("loadEnvFiles", () => {
  it("brings DATABASE_URL from an .env file, lets the environment win, and keeps a value set later through Next's reload", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "console-env-files-"));
    await writeFile(path.join(dir, ".env"), "DATABASE_URL=postgres://from-file/console\nDATABASE_POOL_MAX=7\n");
    vi.stubEnv("DATABASE_URL", undefined);
    vi.stubEnv("DATABASE_POOL_MAX", "3");

    loadEnvFiles(dir);
    expect(process.env.DATABASE_URL).toBe("postgres://from-file/console");
    expect(process.env.DATABASE_POOL_MAX).toBe("3");

    // What server.ts does for DATABASE_EMBEDDED; `next dev` then reloads the files over the first environment.
    setEnv("DATABASE_URL", "postgres://embedded/console");
    nextEnv.loadEnvConfig(dir, true, console, true);
    expect(process.env.DATABASE_URL).toBe("postgres://embedded/console");
  });
});
