// Reseeding the simulator for one list size, and making that list hold still.
import { SIMULATOR_URL } from "./config";

/**
 * Past every lifecycle the seed starts (simulator/seed.ts): the live seed's pending rows settle
 * from 160 s to 590 s after a reset, and its PYUSD intent, if it fails, expires at ~60 min.
 */
const SEEDED_LIFECYCLES_S = 2 * 3600;

/**
 * Reseeds the list with `liveSize` live rows, then runs the seeded lifecycles out at once
 * (POST /_sim/advance). A load ends when the page's totals equal the simulator's, read just
 * before the load (list-metrics.ts): a pending row that settled in real time during a load made
 * the page right and that reading stale, and the load never ended. The first cold load with a
 * 5 ms upstream came ~160 s after the reset on a quiet machine, as the NGN payout settled.
 */
export async function resetSimulator(liveSize: number, simulatorUrl = SIMULATOR_URL): Promise<void> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${simulatorUrl}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  };
  await post("/_sim/reset", { liveSize });
  await post("/_sim/advance", { seconds: SEEDED_LIFECYCLES_S });
}
