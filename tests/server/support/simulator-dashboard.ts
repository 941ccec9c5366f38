import { afterAll, beforeAll, beforeEach } from "vitest";
import { stubDashboardEnv } from "./bff-harness";
import { cookieJar } from "./cookie-jar";
import { bootSimulator, type RunningSimulator } from "./simulator";

/**
 * A route test file's usual setting: its own simulator, the dashboard's env pointed at it
 * (with this file's database), and an empty cookie jar before each test. Read `.sim` inside
 * a test or hook.
 */
export function simulatorDashboard(): { readonly sim: RunningSimulator } {
  let sim: RunningSimulator | undefined;
  beforeAll(async () => {
    sim = await bootSimulator();
    await stubDashboardEnv(sim.url);
  });
  afterAll(async () => {
    await sim?.close();
  });
  beforeEach(() => cookieJar.clear());
  return {
    get sim() {
      if (!sim) throw new Error("simulatorDashboard: the simulator exists from beforeAll on");
      return sim;
    },
  };
}
