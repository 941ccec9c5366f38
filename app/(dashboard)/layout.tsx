import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { sessionQueryOptions } from "@/components/session/session-queries";
import { getQueryClient } from "@/lib/query-client";
import { getCurrentSession } from "@/lib/server/session";
import { toSessionDto } from "@/lib/server/session-dto";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  // Signed out: render nothing of the shell and let the page's own requirePageSession
  // redirect, because only the page knows its path for ?returnTo= (layout and page render
  // in parallel, and a redirect here would win and drop it). Every page calls it.
  const session = await getCurrentSession();
  if (!session) return children;

  // Seed the session query from the server so the shell renders signed in on first paint.
  const queryClient = getQueryClient();
  queryClient.setQueryData(sessionQueryOptions().queryKey, toSessionDto(session));

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <AppShell>{children}</AppShell>
    </HydrationBoundary>
  );
}
