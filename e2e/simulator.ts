import type { APIRequestContext } from "@playwright/test";
import { SIMULATOR_URL } from "./env";

export type SimEnv = "test" | "live";

/** The simulator's unsigned control API (simulator/README.md, "Control endpoints"). */
export function simulatorControl(request: APIRequestContext) {
  async function post(path: string, data: unknown): Promise<void> {
    const response = await request.post(`${SIMULATOR_URL}${path}`, { data });
    if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  }
  return {
    reset: () => post("/_sim/reset", {}),
    /** Moves the simulated clock on by `seconds`, running every lifecycle step that falls due. */
    advance: (seconds: number) => post("/_sim/advance", { seconds }),
    setMarket: (env: SimEnv, market: string, approved: boolean) => post("/_sim/markets", { env, market, approved }),
    pauseBangladesh: (paused: boolean, env?: SimEnv) => post("/_sim/bangladesh", { paused, env }),
    failNext: (count: number, status: number, path: string, code?: string) =>
      post("/_sim/faults", { failNext: { count, status, path, ...(code === undefined ? {} : { code }) } }),
    clearFaults: async (): Promise<void> => {
      const response = await request.delete(`${SIMULATOR_URL}/_sim/faults`);
      if (!response.ok()) throw new Error(`DELETE /_sim/faults answered ${response.status()}`);
    },
    state: async (env: SimEnv): Promise<unknown> => {
      const response = await request.get(`${SIMULATOR_URL}/_sim/state?env=${env}`);
      if (!response.ok()) throw new Error(`/_sim/state answered ${response.status()}`);
      return response.json();
    },
  };
}
