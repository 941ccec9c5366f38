import { afterEach, describe, expect, it, vi } from "vitest";
import { fileURLToPath } from "node:url";
import { distDirOf, projectDistDir } from "@/server/edge/dist-dir";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

describe("distDirOf", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("reads a config object's distDir, or Next's default", async () => {
    expect(await distDirOf({ distDir: ".next-bench" })).toBe(".next-bench");
    expect(await distDirOf({})).toBe(".next");
  });

  it("calls a config function with the production server's phase", async () => {
    const config = vi.fn((phase: string) => Promise.resolve({ distDir: `out-${phase}` }));
    expect(await distDirOf(config)).toBe("out-phase-production-server");
    expect(config).toHaveBeenCalledOnce();
  });

  it("finds the folder NEXT_DIST_DIR names through the project's own next.config.mjs", async () => {
    vi.stubEnv("NEXT_DIST_DIR", ".next-elsewhere");
    vi.resetModules();
    expect(await projectDistDir(ROOT)).toBe(".next-elsewhere");
  });
});
