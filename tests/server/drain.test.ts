import { once } from "node:events";
import { Agent, createServer, get, type IncomingMessage, type ServerResponse } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { describe, expect, it, onTestFinished } from "vitest";
import { LONGEST_SEND_MS } from "@/lib/server/money-writes/owner";
import {
  closeConnectionIfDraining,
  DRAIN_DEADLINE_MS,
  drain,
  isDraining,
  onStopSignal,
  trackWriteInFlight,
} from "@/lib/server/lifecycle/drain";
import { stubQuietEnv } from "../support/quiet-env";

// The drain server.ts runs on SIGTERM, against a real HTTP server: "/slow" is a money write still
// waiting for the payments API, answered when the test releases it.

async function serving() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived = () => {};
  const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    closeConnectionIfDraining(res); // as server.ts does
    if (req.url === "/slow") {
      arrived();
      void released.then(() => res.end("sent"));
    } else res.end("ok");
  });
  // Kept-alive connections outlive any test here: a drain that waited for an idle one instead of
  // closing it would run into the test's own timeout, so no clock needs reading.
  server.keepAliveTimeout = 600_000;
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  onTestFinished(() => {
    release();
    server.closeAllConnections();
    server.close();
  });
  return { server, port: (server.address() as AddressInfo).port, release, slowArrived };
}

function fetchText(port: number, path: string, agent?: Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    get({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve(body));
    }).on("error", reject);
  });
}

/** Lets every callback already due run (the server's socket events), without waiting on a clock. */
const settle = async () => {
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe("drain", () => {
  it("waits as long as the longest money write, and 5 s more", () => {
    expect(DRAIN_DEADLINE_MS).toBe(LONGEST_SEND_MS + 5_000);
  });

  it("takes no new connection, says it is draining, and ends once the requests in flight are answered", async () => {
    const { server, port, release, slowArrived } = await serving();
    // A browser's kept-alive connection, idle: it must not hold the stop until its timeout.
    const idle = new Agent({ keepAlive: true });
    onTestFinished(() => idle.destroy());
    expect(await fetchText(port, "/", idle)).toBe("ok");
    // A write in flight, on a connection of its own, read raw to see every answer on it.
    const write = connect(port, "127.0.0.1");
    let raw = "";
    write.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    const writeClosed = once(write, "close");
    write.write("GET /slow HTTP/1.1\r\nHost: console\r\n\r\n");
    await slowArrived;

    expect(isDraining()).toBe(false);
    let outcome: string | undefined;
    const drained = drain(server, 10_000).then((how) => (outcome = how));
    expect(isDraining()).toBe(true);
    await expect(fetchText(port, "/")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    // A request that still comes on an open connection is served, and that connection then closed.
    write.write("GET /late HTTP/1.1\r\nHost: console\r\n\r\n");
    await settle();
    expect(outcome).toBeUndefined();

    release();
    await writeClosed;
    // The idle connection was closed, not waited for (its keep-alive timeout is 10 minutes).
    expect(await drained).toBe("drained");
    const [first, second] = raw.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200[\s\S]*sent$/);
    expect(second).toMatch(/^HTTP\/1\.1 200[\s\S]*connection: close[\s\S]*ok$/i);
  });

  // A payout whose browser closed the tab goes on sending with no connection left.
  it("waits for a money write still sending after its connection ended, and gives up on it at the deadline", async () => {
    const { server } = await serving();
    let answer: () => void = () => undefined;
    trackWriteInFlight(new Promise<void>((resolve) => (answer = resolve)));
    let outcome: string | undefined;
    const drained = drain(server, 10_000).then((how) => (outcome = how));
    await settle();
    expect(outcome).toBeUndefined();
    answer();
    expect(await drained).toBe("drained");

    const { server: other } = await serving();
    let stuck: () => void = () => undefined;
    const never = new Promise<void>((resolve) => (stuck = resolve));
    trackWriteInFlight(never);
    expect(await drain(other, 300)).toBe("deadline");
    // Answered at last, it leaves nothing behind for the next drain.
    stuck();
    await never;
    await settle();
  });

  it("gives up at the deadline on a request that never ends", async () => {
    const { server, port, slowArrived } = await serving();
    const stuck = fetchText(port, "/slow").catch(() => "cut");
    await slowArrived;
    expect(await drain(server, 300)).toBe("deadline");
    server.closeAllConnections();
    expect(await stuck).toBe("cut");
  });
});

describe("/api/health while draining", () => {
  it("answers 503 draining, without asking the database", async () => {
    // A database nothing listens on: asked, the check would answer "degraded", not "draining".
    stubQuietEnv();
    void drain(createServer());
    const { GET } = await import("@/app/api/health/route");
    const response = await GET(new Request("http://localhost/api/health"), { params: Promise.resolve({}) });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "draining" });
  });
});

describe("onStopSignal", () => {
  it("stops on the first signal, ignores that signal's copy, and exits at once on a later one", () => {
    const calls: string[] = [];
    let clock = 1_000_000;
    const onSignal = onStopSignal(
      () => calls.push("stop"),
      () => calls.push("now"),
      () => clock,
    );
    onSignal();
    clock += 5; // the terminal's SIGINT and npm's forwarded copy
    onSignal();
    expect(calls).toEqual(["stop"]);
    clock += 2_000;
    onSignal();
    expect(calls).toEqual(["stop", "now"]);
  });
});
