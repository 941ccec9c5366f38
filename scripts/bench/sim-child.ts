// The simulator in a child process of its own (its CPU and memory not counted in the caller's),
// seeded with `liveRows` live rows: for the one-process measures (stages.ts, bff-memory.ts).
import { spawn } from "node:child_process";

/** Starts it on `port`; resolves once it listens, with the function that stops it. */
export async function startSimulator(port: number, liveRows: number): Promise<() => void> {
  const child = spawn("npx", ["tsx", "simulator/main.ts"], {
    env: { ...process.env, SIMULATOR_PORT: String(port), SIM_LIVE_SIZE: String(liveRows), SIM_TEST_SIZE: "0" },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (data: Buffer) => {
      if (data.toString().includes("Merchant API simulator on")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`simulator exited ${code}`)));
  });
  return () => process.kill(-child.pid!, "SIGTERM");
}
