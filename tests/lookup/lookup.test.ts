// The support lookup: an answer from the other mode is refused (not shown, not cached), the
// searched value wraps and stays isolated, and "search in live mode" asks as the header does.
// Components are rendered to HTML (no browser): the markup, and the handlers the buttons got.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NuqsTestingAdapter } from "nuqs/adapters/testing";
import { type ComponentProps, createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { lookupByIdQueryOptions } from "@/features/lookup/components/lookup-queries";
import { NoMatch } from "@/features/lookup/components/lookup-results";
import { LookupView } from "@/features/lookup/components/lookup-view";
import { sessionQueryOptions } from "@/components/session/session-queries";
import { transactionsWorker } from "@/features/transactions/worker-client";
import { lookupKeys } from "@/features/lookup/contracts";
import type { SessionDto } from "@/lib/contracts/session";
import type { Environment } from "@/lib/rails";
import { onShownModeRefused } from "@/lib/shown-mode";
import { type FromWorker, NOT_LOADED } from "@/features/transactions/worker-protocol";

const { buttons, mutate } = vi.hoisted(() => ({
  buttons: [] as { label: string; onClick?: () => void }[],
  mutate: vi.fn(),
}));

// The buttons' handlers, to press them without a browser.
vi.mock("@/components/ui/button", async () => {
  const { createElement: h, Children } = await import("react");
  return {
    Button: ({ children, onClick }: { children: ReactNode; onClick?: () => void }) => {
      buttons.push({ label: Children.toArray(children).map(String).join(""), onClick });
      return h("button", { type: "button" }, children);
    },
  };
});
// Radix loads on first open: here the dialog's content always renders, with whether it is open.
vi.mock("@/components/ui/dialog", async () => {
  const { createElement: h } = await import("react");
  return {
    preloadDialog: () => undefined,
    Dialog: ({ open, children }: { open: boolean; children: ReactNode }) => h("div", { "data-dialog": open ? "open" : "closed" }, children),
    DialogContent: ({ title, children }: { title: string; children: ReactNode }) => h("div", null, h("h2", null, title), children),
    DialogFooter: ({ children }: { children: ReactNode }) => h("div", null, children),
    DialogClose: ({ children }: { children: ReactNode }) => children,
  };
});
vi.mock("@/components/session/use-switch-mode", () => ({
  useSwitchMode: () => ({ mutate, isPending: false, isError: false }),
}));

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal("fetch", fetchMock);
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

const RLO = "\u202E";
const LONG = `https://pay.example/checkout/${"a".repeat(160)}?${RLO}ref=1`;

function withSession(mode: Environment, node: ReactNode, searchParams = "") {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQueryOptions().queryKey, {
    mode,
    modes: ["test", "live"],
    user: { role: "admin" },
  } as unknown as SessionDto);
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(NuqsTestingAdapter, { searchParams } as ComponentProps<typeof NuqsTestingAdapter>, node),
    ),
  );
}

const classesOf = (html: string, tag: RegExp) => (html.match(tag)?.[0].match(/ class="([^"]*)"/)?.[1] ?? "").split(" ");
/** The text of each <bdi>, which a right-to-left override inside cannot leave. */
const isolated = (html: string) => [...html.matchAll(/<bdi>([^<]*)<\/bdi>/g)].map((m) => m[1]);

beforeEach(() => {
  buttons.length = 0;
  mutate.mockReset();
  fetchMock.mockReset();
});

describe("a lookup answered from the other mode (the session was switched in another tab)", () => {
  let refused = 0;
  let stop: () => void = () => undefined;
  beforeEach(() => {
    refused = 0;
    stop = onShownModeRefused(() => (refused += 1));
  });
  afterEach(() => stop());

  it("is refused, cached under no mode's key, and has the page read its session again", async () => {
    const live = { environment: "live", transaction: { id: "tx_LIVE" } };
    fetchMock.mockResolvedValueOnce(json(live));
    const queryClient = new QueryClient();
    await expect(queryClient.fetchQuery(lookupByIdQueryOptions("test", "tx_live"))).rejects.toMatchObject({
      status: 409,
      code: "mode_changed",
      message: expect.stringContaining("switched to live mode"),
    });
    expect(queryClient.getQueryData(lookupKeys.byId("test", "tx_live"))).toBeUndefined();
    expect(refused).toBe(1);
  });

  it("is shown when it comes from the page's mode", async () => {
    const answer = { environment: "test", transaction: null };
    fetchMock.mockResolvedValueOnce(json(answer));
    const queryClient = new QueryClient();
    await expect(queryClient.fetchQuery(lookupByIdQueryOptions("test", "po-1"))).resolves.toEqual(answer);
    expect(refused).toBe(0);
  });

  it("in the order-id scan, has the page read its session again once per refusal", () => {
    const worker = transactionsWorker() as unknown as { receive: (message: FromWorker) => void };
    const state = (modeChangedTo: Environment | null, status: "error" | "loading" = "error"): FromWorker => ({
      kind: "state",
      mode: "test",
      feed: { ...NOT_LOADED, status, modeChangedTo },
      view: null,
      found: null,
    });
    worker.receive(state(null, "loading"));
    worker.receive(state("live"));
    worker.receive(state("live")); // the same refusal, sent again with a window or a find
    expect(refused).toBe(1);
    worker.receive(state(null, "loading"));
    worker.receive(state("live"));
    expect(refused).toBe(2);
  });
});

describe("the searched value at 360 px", () => {
  it("wraps and is isolated while it is checked", () => {
    const html = withSession("test", createElement(LookupView), `?q=${encodeURIComponent(LONG)}`);
    const checking = html.match(/<p role="status"[^>]*>Checking .*?<\/p>/)?.[0] ?? "";
    expect(classesOf(checking, /<p [^>]*>/)).toContain("wrap-anywhere");
    // The URL's value is read as the route reads it: its invisible characters (the RLO among them) dropped.
    expect(isolated(checking)).toEqual([LONG.replace(RLO, "")]);
  });

  it("a pasted link longer than any id says so at the box and looks nothing up", () => {
    const html = withSession("test", createElement(LookupView), `?q=${"x".repeat(10_000)}`);
    expect(html).toContain("That is longer than any transaction ID or platform order ID (at most 200 characters).");
    expect(html).toContain('aria-invalid="true"');
    expect(html).not.toContain("Checking ");
    // 200 characters are still looked up.
    expect(withSession("test", createElement(LookupView), `?q=${"x".repeat(200)}`)).toContain("Checking ");
  });

  it("wraps and is isolated in the no-match sentence", () => {
    const html = withSession("test", createElement(NoMatch, { value: LONG, unreadable: 0 }));
    const sentence = html.match(/<p [^>]*>No test transaction .*?<\/p>/)?.[0] ?? "";
    expect(classesOf(sentence, /<p [^>]*>/)).toContain("wrap-anywhere");
    expect(isolated(sentence)).toEqual([LONG]);
  });
});

describe("a list with rows the BFF could not read", () => {
  it("says the no-match covers only the rows it could read", () => {
    expect(withSession("test", createElement(NoMatch, { value: "PO-1", unreadable: 0 }))).not.toContain("could not be read");
    const html = withSession("test", createElement(NoMatch, { value: "PO-1", unreadable: 2 }));
    expect(html).toContain("2 transactions in the list could not be read from the payments API, so they were not searched.");
  });
});

describe("search in the other mode", () => {
  const press = (label: string) => buttons.find((b) => b.label === label)!.onClick!();

  it("asks before going live, with the header's confirmation, and switches only once confirmed", () => {
    const html = withSession("test", createElement(NoMatch, { value: "PO-1", unreadable: 0 }));
    expect(html).toContain("Switch to live mode?");
    press("Search in live mode");
    expect(mutate).not.toHaveBeenCalled();
    press("Switch to live");
    expect(mutate).toHaveBeenCalledExactlyOnceWith("live");
  });

  it("goes to test without asking, as the header does", () => {
    withSession("live", createElement(NoMatch, { value: "PO-1", unreadable: 0 }));
    press("Search in test mode");
    expect(mutate).toHaveBeenCalledExactlyOnceWith("test");
  });
});
