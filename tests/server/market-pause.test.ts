// The Bangladesh pause as last observed (§1 rule 9) lives in Postgres (market_pauses), so
// every instance behind the balancer shows the same state, and a restart keeps it.
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { PaymentsApiError } from "@/lib/payments";
import { createDatabase } from "@/lib/server/db/create";
import { createPauseStore, PAUSE_MEMORY_MS, trackBangladeshWrite, type PauseStore } from "@/lib/server/market-pause";
import { setupTestDatabase } from "../support/db";

const warn = vi.hoisted(() => vi.fn());
vi.mock("@/lib/server/logger", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  logger: { warn, info: vi.fn(), error: vi.fn(), debug: vi.fn() },
}));

const database = setupTestDatabase();

function otherInstance(now?: () => number): PauseStore {
  const pool = createDatabase(database.url, { max: 2 });
  onTestFinished(() => pool.destroy());
  return createPauseStore(pool, now);
}

const unavailable = () => Promise.reject(new PaymentsApiError("paused", { status: 503, code: "payment_unavailable", retryable: false }));

describe("the Bangladesh pause, shared by every instance", () => {
  it("a pause observed on A shows on B; a later success on B clears it on A", async () => {
    const a = createPauseStore(database.db);
    const b = otherInstance();
    await expect(trackBangladeshWrite("live", unavailable, a)).rejects.toMatchObject({ code: "payment_unavailable" });
    expect(await b.isPaused("live")).toBe(true);
    // The other environment has its own state.
    expect(await b.isPaused("test")).toBe(false);

    await expect(trackBangladeshWrite("live", () => Promise.resolve("created"), b)).resolves.toBe("created");
    expect(await a.isPaused("live")).toBe(false);
  });

  it("is forgotten after PAUSE_MEMORY_MS, on the database's row, whichever instance reads it", async () => {
    let clock = Date.parse("2026-11-23T10:00:00Z");
    const a = createPauseStore(database.db, () => clock);
    await a.observePaused("test");
    clock += PAUSE_MEMORY_MS - 1_000;
    expect(await otherInstance(() => clock).isPaused("test")).toBe(true);
    clock += 2_000;
    expect(await otherInstance(() => clock).isPaused("test")).toBe(false);
    await a.observeWorking("test");
  });

  it("other refusals leave the state as it was", async () => {
    const a = createPauseStore(database.db);
    const refused = () => Promise.reject(new PaymentsApiError("bad", { status: 400, code: "validation", retryable: false }));
    await expect(trackBangladeshWrite("live", refused, a)).rejects.toMatchObject({ code: "validation" });
    expect(await a.isPaused("live")).toBe(false);
  });

  it("a database failure while noting the state never changes the write's own outcome", async () => {
    const broken: PauseStore = {
      isPaused: () => Promise.reject(Object.assign(new Error("connect ECONNREFUSED 10.0.3.17:5432"), { code: "ECONNREFUSED" })),
      observePaused: () => Promise.reject(Object.assign(new Error("connect ECONNREFUSED 10.0.3.17:5432"), { code: "ECONNREFUSED" })),
      observeWorking: () => Promise.reject(Object.assign(new Error("connect ECONNREFUSED 10.0.3.17:5432"), { code: "ECONNREFUSED" })),
    };
    await expect(trackBangladeshWrite("live", () => Promise.resolve("created"), broken)).resolves.toBe("created");
    await expect(trackBangladeshWrite("live", unavailable, broken)).rejects.toMatchObject({ code: "payment_unavailable" });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith("could not record the Bangladesh market state", { error: "Error", code: "ECONNREFUSED" });
  });
});
