// A visitor's browser for the (b) loads: Debian's Chromium with Playwright's flags, driven over
// its DevTools pipe by the least the bench needs. Playwright's Network domain copied the worker's
// 17.5 MB of answers and slowed every thread (docs/decisions/0125); here a page gets only Page,
// Runtime and, when asked, a trace. Clicks stay with Playwright.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM } from "../chromium";
import { DASHBOARD_URL } from "./config";
import type { TraceSession } from "./trace";

type Message = { id?: number; method?: string; params?: Record<string, unknown>; sessionId?: string; result?: unknown; error?: unknown };
type Listener = (params: Record<string, unknown>) => void;

/** One DevTools session over the browser's pipe: the browser's own (no id) or a page's. */
export type VisitorSession = TraceSession & { id: string | undefined };

export type Visitor = {
  browser: VisitorSession;
  /** A new browser context (a new window) holding `cookie` ("name=value") for the dashboard, and one blank page in it. */
  newPage: (cookie: string, viewport: { width: number; height: number }) => Promise<VisitorPage>;
  close: () => Promise<void>;
};

export type VisitorPage = {
  session: VisitorSession;
  /** Runs `source` in every document before the page's own scripts. */
  addInitScript: (source: string) => Promise<void>;
  /** Answers `html` for `url` (that URL only; every other request goes to the network untouched). */
  serve: (url: string, html: string) => Promise<void>;
  /** Resolves with the first console message whose first argument (a string) passes `test`. */
  waitForConsole: (test: (text: string) => boolean, timeoutMs: number) => Promise<string>;
  navigate: (url: string) => Promise<void>;
  evaluate: <T>(expression: string) => Promise<T>;
  close: () => Promise<void>;
};

export async function launchVisitor(): Promise<Visitor> {
  const profile = mkdtempSync(path.join(tmpdir(), "bench-visitor-"));
  // fd 3: the browser reads commands; fd 4: it writes answers and events; each message ends in NUL.
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [...PLAYWRIGHT_CHROMIUM.args, "--headless=new", "--remote-debugging-pipe", `--user-data-dir=${profile}`, "about:blank"],
    { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] },
  );
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  let nextId = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; method: string }>();
  const listeners = new Map<string, Set<Listener>>();
  const key = (sessionId: string | undefined, event: string) => `${sessionId ?? ""} ${event}`;
  let buffered = "";
  fromBrowser.setEncoding("utf8");
  fromBrowser.on("data", (chunk: string) => {
    buffered += chunk;
    let end: number;
    while ((end = buffered.indexOf("\0")) >= 0) {
      const message = JSON.parse(buffered.slice(0, end)) as Message;
      buffered = buffered.slice(end + 1);
      if (message.id !== undefined) {
        const call = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) call?.reject(new Error(`${call.method}: ${JSON.stringify(message.error)}`));
        else call?.resolve(message.result);
      } else if (message.method) {
        for (const listener of listeners.get(key(message.sessionId, message.method)) ?? []) listener(message.params ?? {});
      }
    }
  });

  // A browser that has gone answers nothing more: every call waiting on it, and every later one, fails instead of waiting forever.
  let gone: Error | null = null;
  child.once("exit", (code, signal) => {
    gone = new Error(`Chromium exited (${signal ?? `code ${code}`})`);
    for (const call of pending.values()) call.reject(new Error(`${call.method}: ${gone.message}`));
    pending.clear();
  });

  const session = (id: string | undefined): VisitorSession => ({
    id,
    send: <T>(method: string, params: Record<string, unknown> = {}) =>
      new Promise<T>((resolve, reject) => {
        if (gone) return reject(new Error(`${method}: ${gone.message}`));
        const callId = ++nextId;
        pending.set(callId, { resolve: resolve as (value: unknown) => void, reject, method });
        toBrowser.write(`${JSON.stringify({ id: callId, method, params, sessionId: id })}\0`);
      }),
    on: (event, listener) => {
      const set = listeners.get(key(id, event)) ?? new Set();
      set.add(listener);
      listeners.set(key(id, event), set);
    },
    once: (event, listener) => {
      const wrapped: Listener = (params) => {
        listeners.get(key(id, event))?.delete(wrapped);
        listener(params);
      };
      session(id).on(event, wrapped);
    },
    off: (event, listener) => void listeners.get(key(id, event))?.delete(listener),
  });
  const browser = session(undefined);
  // The browser answers once it is up: the first command waits for it.
  await browser.send("Browser.getVersion");

  return {
    browser,
    async newPage(cookie, viewport) {
      const { browserContextId } = await browser.send<{ browserContextId: string }>("Target.createBrowserContext");
      const [name = "", ...value] = cookie.split("=");
      await browser.send("Storage.setCookies", { browserContextId, cookies: [{ name, value: value.join("="), url: DASHBOARD_URL }] });
      const { targetId } = await browser.send<{ targetId: string }>("Target.createTarget", {
        url: "about:blank",
        browserContextId,
        newWindow: true,
      });
      const { sessionId } = await browser.send<{ sessionId: string }>("Target.attachToTarget", { targetId, flatten: true });
      const page = session(sessionId);
      await page.send("Page.enable");
      await page.send("Runtime.enable");
      await page.send("Emulation.setDeviceMetricsOverride", { ...viewport, deviceScaleFactor: 1, mobile: false });
      return {
        session: page,
        addInitScript: async (source) => void (await page.send("Page.addScriptToEvaluateOnNewDocument", { source })),
        async serve(url, html) {
          page.on("Fetch.requestPaused", (params) => {
            void page.send("Fetch.fulfillRequest", {
              requestId: params.requestId,
              responseCode: 200,
              responseHeaders: [{ name: "Content-Type", value: "text/html; charset=utf-8" }],
              body: Buffer.from(html).toString("base64"),
            });
          });
          await page.send("Fetch.enable", { patterns: [{ urlPattern: url }] });
        },
        waitForConsole: (test, timeoutMs) =>
          new Promise((resolve, reject) => {
            const timer = setTimeout(() => {
              page.off("Runtime.consoleAPICalled", listener);
              reject(new Error(`no matching console message within ${timeoutMs} ms`));
            }, timeoutMs);
            const listener: Listener = (params) => {
              const text = (params.args as { value?: unknown }[] | undefined)?.[0]?.value;
              if (typeof text !== "string" || !test(text)) return;
              clearTimeout(timer);
              page.off("Runtime.consoleAPICalled", listener);
              resolve(text);
            };
            page.on("Runtime.consoleAPICalled", listener);
          }),
        navigate: async (url) => void (await page.send("Page.navigate", { url })),
        async evaluate<T>(expression: string) {
          const { result, exceptionDetails } = await page.send<{ result: { value: T }; exceptionDetails?: unknown }>("Runtime.evaluate", {
            expression,
            returnByValue: true,
            awaitPromise: true,
          });
          if (exceptionDetails) throw new Error(`evaluate: ${JSON.stringify(exceptionDetails)}`);
          return result.value;
        },
        close: async () => void (await browser.send("Target.disposeBrowserContext", { browserContextId })),
      };
    },
    async close() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      await browser.send("Browser.close").catch(() => undefined);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      child.kill("SIGKILL");
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
