"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LocalTime } from "@/components/ui/local-time";
import { Button } from "@/components/ui/button";
import type { AccountSessionDto } from "@/lib/contracts/account";
import { accountKeys } from "@/lib/contracts/account";
import { endSession } from "./account-queries";

/** One's own live sessions, this browser's first; any other can be ended here. */
export function SessionsList({ sessions }: { sessions: AccountSessionDto[] }) {
  const queryClient = useQueryClient();
  const end = useMutation({
    mutationFn: endSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current));
  return (
    <section aria-labelledby="sessions-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
        Where you are signed in
      </h2>
      <p className="mt-1 text-sm text-slate-700">Ending a session signs that browser out at its next click.</p>
      <ul className="mt-3 divide-y divide-slate-200">
        {ordered.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm" data-testid="account-session">
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">
                {session.userAgent || "Unknown browser"}
                {session.current ? (
                  <span className="ml-2 rounded bg-emerald-50 px-1.5 py-0.5 text-xs text-emerald-800">This browser</span>
                ) : null}
              </p>
              <p className="text-slate-700">
                From <span className="font-mono wrap-anywhere">{session.clientAddress}</span>; signed in{" "}
                <LocalTime iso={session.createdAt} />; last used <LocalTime iso={session.lastSeenAt} />
              </p>
            </div>
            {session.current ? null : (
              <Button variant="secondary" onClick={() => end.mutate(session.id)} disabled={end.isPending}>
                End this session
              </Button>
            )}
          </li>
        ))}
      </ul>
      {end.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          Not ended: {end.error.message}
        </p>
      ) : null}
    </section>
  );
}
