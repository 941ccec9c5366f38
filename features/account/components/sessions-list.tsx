"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { LocalTime } from "@/components/ui/local-time";
import { Button } from "@/components/ui/button";
import { isApiFetchError } from "@/lib/api-fetch";
import type { AccountSessionDto } from "@/features/account/contracts";
import { accountKeys } from "@/features/account/contracts";
import { endOtherSessions, endSession } from "./account-queries";

/** The password field's own refusal ("Enter your password"), rather than "Some fields are invalid". */
function fieldMessage(error: Error): string | undefined {
  return isApiFetchError(error) ? error.fields?.password?.[0] : undefined;
}

/**
 * One's own live sessions, this browser's first; any other can be ended here, or all of them at
 * once. Either needs a fresh check (issue 54): an account with a second factor is asked for a code
 * by the step-up dialog, one without gives its password in the field here.
 */
export function SessionsList({ sessions, enrolled }: { sessions: AccountSessionDto[]; enrolled: boolean }) {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState("");
  const given = enrolled ? undefined : password;
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.all });
  const end = useMutation({ mutationFn: (id: string) => endSession(id, given), onSuccess: refresh });
  const endOthers = useMutation({ mutationFn: () => endOtherSessions(given), onSuccess: refresh });
  const busy = end.isPending || endOthers.isPending;
  const failed = end.error ?? endOthers.error;
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current));
  return (
    <section aria-labelledby="sessions-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
        Where you are signed in
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Ending a session signs that browser out at its next click.{" "}
        {enrolled ? "You are asked for a code from your app first." : "Type your password first."}
      </p>
      {enrolled ? null : (
        <div className="mt-3 max-w-sm text-sm">
          <label htmlFor="sessions-password" className="block font-medium text-slate-900">
            Your password
          </label>
          <input
            id="sessions-password"
            type="password"
            autoComplete="current-password"
            maxLength={1024}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900"
          />
        </div>
      )}
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
              <Button variant="secondary" onClick={() => end.mutate(session.id)} disabled={busy}>
                End this session
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
        <Button variant="secondary" onClick={() => endOthers.mutate()} disabled={busy}>
          Sign out every other session
        </Button>
        {endOthers.isSuccess ? (
          <p role="status" className="text-slate-700">
            {endOthers.data.ended === 0
              ? "No other session was signed in."
              : `Signed out ${endOthers.data.ended} other ${endOthers.data.ended === 1 ? "session" : "sessions"}.`}
          </p>
        ) : null}
      </div>
      {failed ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          Not ended: {fieldMessage(failed) ?? failed.message}
        </p>
      ) : null}
    </section>
  );
}
