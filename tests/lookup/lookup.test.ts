// Support's search page: the searched value wraps and stays isolated, each result says its mode and
// what it matched on, a result in the other mode opens only through the header's confirmed switch.
// Components are rendered to HTML (no browser): the markup, and the handlers the buttons got.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NuqsTestingAdapter } from "nuqs/adapters/testing";
import { type ComponentProps, createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ListNotes, SearchResults } from "@/features/lookup/components/lookup-results";
import { LookupView } from "@/features/lookup/components/lookup-view";
import type { SearchResult } from "@/features/lookup/contracts";
import { OtherModeNotice } from "@/features/transactions/components/other-mode-notice";
import { sessionQueryOptions } from "@/components/session/session-queries";
import { transactionsWorker } from "@/features/transactions/worker-client";
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

describe("the transactions worker's refusal (the session was switched in another tab)", () => {
  let refused = 0;
  let stop: () => void = () => undefined;
  beforeEach(() => {
    refused = 0;
    stop = onShownModeRefused(() => (refused += 1));
  });
  afterEach(() => stop());

  it("has the page read its session again once per refusal", () => {
    const worker = transactionsWorker() as unknown as { receive: (message: FromWorker) => void };
    const state = (modeChangedTo: Environment | null, status: "error" | "loading" = "error"): FromWorker => ({
      kind: "state",
      mode: "test",
      feed: { ...NOT_LOADED, status, modeChangedTo },
      view: null,
    });
    worker.receive(state(null, "loading"));
    worker.receive(state("live"));
    worker.receive(state("live")); // the same refusal, sent again with a window
    expect(refused).toBe(1);
    worker.receive(state(null, "loading"));
    worker.receive(state("live"));
    expect(refused).toBe(2);
  });
});

describe("the searched value at 360 px", () => {
  it("wraps and is isolated while it is searched", () => {
    const html = withSession("test", createElement(LookupView), `?q=${encodeURIComponent(LONG)}`);
    const searching = html.match(/<p role="status"[^>]*>Searching .*?<\/p>/)?.[0] ?? "";
    expect(classesOf(searching, /<p [^>]*>/)).toContain("wrap-anywhere");
    // The URL's value is read as the route reads it: its invisible characters (the RLO among them) dropped.
    expect(isolated(searching)).toEqual([LONG.replace(RLO, "")]);
  });

  it("a pasted link longer than anything the search matches says so at the box and searches nothing", () => {
    const html = withSession("test", createElement(LookupView), `?q=${"x".repeat(10_000)}`);
    expect(html).toContain("That is longer than anything the search matches (at most 200 characters).");
    expect(html).toContain('aria-invalid="true"');
    expect(html).not.toContain("Searching ");
    expect(withSession("test", createElement(LookupView), `?q=${"x".repeat(200)}`)).toContain("Searching ");
  });

  it("says references are known only for payments created in this console", () => {
    expect(withSession("test", createElement(LookupView))).toContain("References are known for payments created in this console.");
  });
});

const ROW = {
  id: "tx_LIVE1",
  type: "payout",
  status: "pending",
  amount: "1500.00",
  currency: "NGN",
  rail: "nigeria",
  railLabel: "Nigeria",
  paidAmount: null,
  platformOrderId: "PO-1",
  createdAt: "2026-12-06T10:00:00Z",
  completedAt: null,
} as const;

const WRITE = {
  rail: "ngn-payout",
  merchantReference: "NGN-20261206-ABCD1234",
  state: "unknown",
  createdAt: "2026-12-06T10:00:00Z",
  createdBy: "Fola Finance",
  amount: "1500.00",
  currency: "NGN",
  bankName: "Guaranty Trust Bank",
  accountLast4: "6789",
  payoutReference: null,
} as const;

const result = (over: Partial<SearchResult>): SearchResult => ({
  environment: "live",
  matchedOn: ["merchantReference", "amount"],
  transactionId: "tx_LIVE1",
  at: ROW.createdAt,
  row: { ...ROW },
  write: null,
  ...over,
});

describe("the results", () => {
  it("label each with its mode and what it matched on, and open one in this mode directly", () => {
    const html = withSession("live", createElement(SearchResults, { results: [result({})], more: false }));
    expect(html).toContain(">Live<");
    expect(html).toContain("Matched on merchant reference, amount");
    expect(html).toContain('href="/transactions/tx_LIVE1"');
  });

  it("open one in the other mode through its page, which asks to switch", () => {
    const html = withSession("test", createElement(SearchResults, { results: [result({})], more: false }));
    expect(html).toContain('href="/transactions/tx_LIVE1?mode=live"');
    expect(html).toContain("Open tx_LIVE1 (in live mode)");
  });

  it("show a console write the API has not named with its state, masked, and no link", () => {
    const html = withSession(
      "test",
      createElement(SearchResults, { results: [result({ transactionId: null, row: null, write: { ...WRITE } })], more: false }),
    );
    expect(html).toContain("Not in the live transaction list yet.");
    expect(html).toContain("its outcome is not known");
    expect(html).toContain("Guaranty Trust Bank ending 6789");
    expect(html).toContain("Fola Finance");
    expect(html).not.toContain("href=");
  });

  it("say when a list is still loading or its API did not answer", () => {
    const html = withSession(
      "test",
      createElement(ListNotes, {
        lists: [
          { environment: "test", loaded: 100, total: 2500, complete: false, error: null },
          { environment: "live", loaded: 10, total: 10, complete: true, error: "The payments service did not answer." },
        ],
      }),
    );
    expect(html).toContain("The test transaction list is still loading (100 of 2,500)");
    expect(html).toContain("The live payments API did not answer a direct lookup");
    expect(withSession("test", createElement(ListNotes, { lists: [] }))).toBe("");
  });
});

describe("opening a result in the other mode", () => {
  const press = (label: string) => buttons.find((b) => b.label === label)!.onClick!();

  it("asks before going live, with the header's confirmation, and switches only once confirmed", () => {
    const html = withSession("test", createElement(OtherModeNotice, { id: "tx_LIVE1", needed: "live", current: "test" }));
    expect(html).toContain("Switch to live mode?");
    press("Switch to live mode to open it");
    expect(mutate).not.toHaveBeenCalled();
    press("Switch to live");
    expect(mutate).toHaveBeenCalledExactlyOnceWith("live");
  });

  it("goes to test without asking, as the header does", () => {
    withSession("live", createElement(OtherModeNotice, { id: "tx_T", needed: "test", current: "live" }));
    press("Switch to test mode to open it");
    expect(mutate).toHaveBeenCalledExactlyOnceWith("test");
  });
});
