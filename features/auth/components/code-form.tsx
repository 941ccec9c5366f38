"use client";

import { useMutation } from "@tanstack/react-query";
import { useRef, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { apiFetch } from "@/lib/api-fetch";
import { formText } from "@/lib/form-data";
import { secondFactorSignInContract } from "@/lib/contracts/second-factor";
import { codeErrorMessage } from "./code-error";

const INPUT =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-base tracking-widest text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-700";

/**
 * Sign-in's second step: a code from the app, or one of the recovery codes. The input is
 * uncontrolled, read at submit, like the password form's: a code typed before the page has
 * hydrated stays typed (a controlled input would be reset to "" by hydration).
 */
export function CodeForm({ returnTo }: { returnTo?: string }) {
  const hydrated = useHydrated();
  const send = useMutation({
    mutationFn: (code: string) => apiFetch(secondFactorSignInContract, { body: { code, returnTo } }),
    // The server validated redirectTo as a same-origin path; a full load starts the session's cache from scratch.
    onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
    meta: { skipAuthRedirect: true },
  });
  const busy = send.isPending || send.isSuccess;
  const codeBox = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Refused: the disabled button dropped focus to the body; back to the box, for the next try.
    send.mutate(formText(new FormData(event.currentTarget), "code"), { onError: () => codeBox.current?.focus() });
  };
  return (
    <form method="post" onSubmit={submit} className="space-y-4" noValidate>
      {send.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {codeErrorMessage(send.error)}
        </p>
      ) : null}
      <div>
        <label htmlFor="code" className="block text-sm font-medium text-slate-900">
          Code
        </label>
        <input
          ref={codeBox}
          id="code"
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          maxLength={32}
          autoFocus
          required
          aria-describedby="code-help"
          className={INPUT}
        />
        <p id="code-help" className="mt-1 text-sm text-slate-700">
          The 6 digits your authenticator app shows now, or one of your recovery codes (abcde-fghij).
        </p>
      </div>
      <Button type="submit" className="w-full" disabled={busy || !hydrated}>
        {busy ? "Checking…" : "Continue"}
      </Button>
    </form>
  );
}
