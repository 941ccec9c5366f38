import { startSimulator } from "@/simulator/server";

export type RunningSimulator = Awaited<ReturnType<typeof startSimulator>>;

export async function bootSimulator(): Promise<RunningSimulator> {
  return startSimulator({ port: 0 });
}

/** The simulator's unsigned control endpoints (simulator/README.md). */
export async function control(sim: RunningSimulator, method: string, path: string, body?: unknown) {
  const response = await fetch(`${sim.url}${path}`, {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}
