import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { toSessionDto } from "@/components/session/session-dto";
import { sessionQueryOptions } from "@/components/session/session-query";
import { getQueryClient } from "@/lib/query-client";
import { getCurrentSession } from "@/lib/server/session";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  // Each page also calls requirePageSession with its own path; this catches the layout
  // rendering on its own (layouts and pages render in parallel).
  const session = await getCurrentSession();
  if (!session) redirect("/sign-in");

  // Seed the session query from the server so the shell renders signed in on first paint.
  const queryClient = getQueryClient();
  queryClient.setQueryData(sessionQueryOptions().queryKey, toSessionDto(session));

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <AppShell>{children}</AppShell>
    </HydrationBoundary>
  );
}
