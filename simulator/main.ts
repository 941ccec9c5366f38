// `npm run simulator`: the only place that reads process.env (README "Keys").

import { startSimulator } from "./server";
import { DEFAULT_KEYS } from "./sim";

function intEnv(name: string): number | undefined {
  const v = process.env[name];
  if (v === undefined || v === "") return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`[simulator] ${name} must be a non-negative integer, got "${v}"`);
    process.exit(1);
  }
  return n;
}

const env = process.env;
const sim = await startSimulator({
  port: intEnv("SIMULATOR_PORT") ?? 4010,
  host: env.SIMULATOR_HOST || "127.0.0.1",
  keys: {
    test: {
      key: env.PAYMENTS_TEST_API_KEY || DEFAULT_KEYS.test.key,
      secret: env.PAYMENTS_TEST_API_SECRET || DEFAULT_KEYS.test.secret,
    },
    live: {
      key: env.PAYMENTS_LIVE_API_KEY || DEFAULT_KEYS.live.key,
      secret: env.PAYMENTS_LIVE_API_SECRET || DEFAULT_KEYS.live.secret,
    },
  },
  liveSize: intEnv("SIM_LIVE_SIZE"),
  testSize: intEnv("SIM_TEST_SIZE"),
  seed: intEnv("SIM_SEED"),
  webhookBackoffMs: intEnv("SIM_WEBHOOK_BACKOFF_MS"),
});

const { test, live } = sim.sim.envs;
console.log(
  `[simulator] Merchant API simulator on ${sim.url} (seed ${sim.sim.seed}; live ${live.txs.length} txns, test ${test.txs.length} txns)`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void sim.close().then(() => process.exit(0));
  });
}
