import { describe, expect, it } from "vitest";
import { createIdleClock, SignedOutError, WARN_BEFORE_MS, type IdleChannel, type IdleState } from "@/lib/idle-clock";

// Issue 54, defect 3: a minute before the idle end the page warns, in every tab of the person's.

function fakeBrowser() {
  let now = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  const tabs: { channel: IdleChannel; hear: (message: unknown) => void }[] = [];
  return {
    now: () => now,
    setTimer: (run: () => void, ms: number) => {
      const id = next++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimer: (id: unknown) => void timers.delete(id as number),
    channel(): IdleChannel {
      const tab = { hear: (_message: unknown) => {} } as { channel: IdleChannel; hear: (message: unknown) => void };
      tab.channel = {
        post: (message) => {
          for (const other of tabs) if (other !== tab) other.hear(message);
        },
        listen: (hear) => void (tab.hear = hear),
        close: () => {},
      };
      tabs.push(tab);
      return tab.channel;
    },
    /** Moves the clock on, running each timer due on the way. */
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      now = until;
    },
  };
}

describe("the idle warning", () => {
  it("warns a minute before the end in every tab; staying signed in in one clears it in all", async () => {
    const browser = fakeBrowser();
    let serverEnd = 30 * 60_000;
    const states: IdleState[][] = [[], []];
    let signedOut = 0;
    const clocks = states.map((seen) =>
      createIdleClock({
        readEnd: async () => {
          if (browser.now() >= serverEnd) throw new SignedOutError();
          return serverEnd;
        },
        channel: browser.channel(),
        now: browser.now,
        setTimer: browser.setTimer,
        clearTimer: browser.clearTimer,
        onChange: (state) => seen.push(state),
        onSignedOut: () => void signedOut++,
      }),
    );
    clocks[0]!.start();
    await browser.advance(0);
    expect(states[1]!.at(-1)).toEqual({ endsAt: serverEnd, warning: false });
    await browser.advance(serverEnd - WARN_BEFORE_MS - 1);
    expect(states.map((seen) => seen.at(-1)?.warning)).toEqual([false, false]);
    await browser.advance(1);
    expect(states.map((seen) => seen.at(-1)?.warning)).toEqual([true, true]);

    // "Stay signed in" in the second tab: the server's clock moves, and both tabs hear it.
    serverEnd = browser.now() + 30 * 60_000;
    await clocks[1]!.stay();
    expect(states.map((seen) => seen.at(-1))).toEqual([
      { endsAt: serverEnd, warning: false },
      { endsAt: serverEnd, warning: false },
    ]);

    // Nobody stays this time: the warning, then the sign-in page.
    await browser.advance(30 * 60_000 + 2_000);
    expect(states[0]!.some((state) => state.endsAt === serverEnd && state.warning)).toBe(true);
    expect(signedOut).toBeGreaterThan(0);
  });
});
