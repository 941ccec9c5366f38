import { TransactionsScreen } from "@/features/transactions/components/transactions-screen";
import { UrlStateProvider } from "@/features/transactions/components/nuqs-provider";
import { requirePageSession } from "@/lib/server/session";
import { firstTransactionRows } from "@/features/transactions/server/registry";
import { filtersFromView, transactionSearchParams } from "@/features/transactions/url-state";
import { seededState } from "@/features/transactions/worker/engine";
import { createSearchParamsCache } from "nuqs/server";
import { headers } from "next/headers";
import { earlyWorkerScript } from "@/features/transactions/worker/early-start";

const viewCache = createSearchParamsCache(transactionSearchParams);

export const metadata = { title: "Transactions" };

/** One upstream page: what the table shows before the browser's feed takes over. */
const FIRST_ROWS = 100;
/** A cold list's first upstream page normally takes milliseconds; a slow upstream must not hold the page. */
const FIRST_ROWS_WAIT_MS = 1_000;

export default async function TransactionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requirePageSession("transactions:read", "/transactions");
  const firstRows = await firstTransactionRows(session.mode, FIRST_ROWS, FIRST_ROWS_WAIT_MS);
  // What the page shows before the browser's worker answers: the first rows through the same
  // engine, for the URL's sort and filters, worked out here so the page's bundle need not carry it.
  // (Date filters wait for the browser, which knows the viewer's timezone: see the screen's hook.)
  const view = viewCache.parse(await searchParams);
  const firstState = firstRows ? seededState(firstRows, view.sort, filtersFromView(view, new Date())) : null;
  // proxy.ts sets the request's CSP nonce; the early-start script needs it to run.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <div className="space-y-4">
      {/*
        The list starts loading in the tab's worker as this HTML arrives (early-start.ts says why).
        An async module script: it neither waits for the stylesheet nor holds the parser, so it
        runs before the first layout of the server-rendered rows instead of after it.
      */}
      <script type="module" async nonce={nonce} dangerouslySetInnerHTML={{ __html: earlyWorkerScript(session.mode) }} />
      <h1 className="text-2xl font-semibold text-slate-900">Transactions</h1>
      {/*
        No Suspense boundary around the URL-state hooks: this page renders per request (it
        reads the session), so reading search params never suspends it. A boundary here made
        React stream the table after the shell, inserted by an inline script that waits for
        the stylesheet; without it the server-rendered rows are plain HTML in the first bytes.
      */}
      <UrlStateProvider>
        <TransactionsScreen firstRows={firstRows} firstState={firstState} />
      </UrlStateProvider>
    </div>
  );
}
