// The bench's visitor browser (scripts/bench/visitor.ts) against Debian's Chromium: a page it
// opens holds the session cookie, runs the init scripts before its own, reports its console,
// answers an evaluation, is traced, and leaves no Network instrumentation behind.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DASHBOARD_URL } from "@/scripts/bench/config";
import { mainThreadTimes, startTrace } from "@/scripts/bench/trace";
import { launchVisitor, type Visitor } from "@/scripts/bench/visitor";

const PAGE = `${DASHBOARD_URL}/__visitor-test`;
const HTML = `<!doctype html><title>t</title><script>
  console.log("page saw " + window.__early + " and " + document.cookie);
  let spin = performance.now(); while (performance.now() - spin < 30);
  console.log("page done");
</script>`;

describe("the bench's visitor browser", () => {
  let visitor: Visitor;
  beforeAll(async () => {
    visitor = await launchVisitor();
  }, 30_000);
  afterAll(() => visitor?.close());

  it("opens a signed-in window whose init scripts run first, and reads its console and state", async () => {
    const tab = await visitor.newPage("session=abc123", { width: 360, height: 640 });
    try {
      await tab.addInitScript("window.__early = 'the init script';");
      await tab.serve(PAGE, HTML);
      const trace = await startTrace(visitor.browser);
      const saw = tab.waitForConsole((text) => text.startsWith("page saw"), 10_000);
      const done = tab.waitForConsole((text) => text === "page done", 10_000);
      await tab.navigate(PAGE);
      expect(await saw).toBe("page saw the init script and session=abc123");
      await done;
      expect(await tab.evaluate<number>("innerWidth")).toBe(360);
      // The page's own 30 ms task is in its main thread's busy time.
      expect(mainThreadTimes(await trace.stop()).busyMs).toBeGreaterThanOrEqual(30);
    } finally {
      await tab.close();
    }
  }, 30_000);

  it("gives each window its own cookies, and says when no message comes", async () => {
    const tab = await visitor.newPage("other=1", { width: 800, height: 600 });
    try {
      await tab.serve(PAGE, HTML);
      const saw = tab.waitForConsole((text) => text.startsWith("page saw"), 10_000);
      await tab.navigate(PAGE);
      expect(await saw).toBe("page saw undefined and other=1");
      await expect(tab.waitForConsole(() => false, 200)).rejects.toThrow("no matching console message within 200 ms");
    } finally {
      await tab.close();
    }
  }, 30_000);

  it("rejects a failed command with the method's name", async () => {
    await expect(visitor.browser.send("Target.attachToTarget", { targetId: "no-such-target" })).rejects.toThrow(
      /^Target\.attachToTarget: /,
    );
  });

  it("fails a command once the browser has gone, instead of waiting for an answer", async () => {
    const closing = await launchVisitor();
    await closing.close();
    await expect(closing.browser.send("Browser.getVersion")).rejects.toThrow(/^Browser\.getVersion: Chromium exited/);
  });
});
