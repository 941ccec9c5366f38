import { HydrationBoundary } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { sessionQueryOptions } from "@/components/session/session-queries";
import { merchantRead, prefetchPage } from "@/lib/server/page-prefetch";
import { db } from "@/lib/server/db/app";
import { openNotices } from "@/lib/server/notices";
import { getCurrentSession } from "@/lib/server/session";
import { toSessionDto } from "@/lib/server/session-dto";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  // Signed out: render nothing of the shell and let the page's own requirePageSession
  // redirect, because only the page knows its path for ?returnTo= (layout and page render
  // in parallel, and a redirect here would win and drop it). Every page calls it.
  const session = await getCurrentSession();
  if (!session) return children;

  // The shell renders signed in, and naming the merchant, on first paint: the session query is
  // seeded from the server, and the merchant is read as GET /api/me answers (kept a few minutes
  // per process, lib/server/merchant.ts). A failed read leaves the header's own read to the browser.
  const [{ state }, notices] = await Promise.all([
    prefetchPage(session, [
      { queryKey: sessionQueryOptions().queryKey, load: () => Promise.resolve(toSessionDto(session)), what: "session" },
      merchantRead(session.mode),
    ]),
    // Told at sign-in until dismissed (issue 54); a failed read shows none rather than failing the page.
    openNotices(db(), session.user.email).catch(() => []),
  ]);

  return (
    <HydrationBoundary state={state}>
      <AppShell notices={notices.map((notice) => ({ id: notice.id, message: notice.message, createdAt: notice.createdAt.toISOString() }))}>
        {children}
      </AppShell>
    </HydrationBoundary>
  );
}
