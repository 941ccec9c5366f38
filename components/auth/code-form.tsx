"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { apiFetch } from "@/lib/api-fetch";
import { secondFactorSignInContract } from "@/lib/contracts/second-factor";
import { codeErrorMessage } from "./code-error";

const INPUT =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-base tracking-widest text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-700";

/** Sign-in's second step: a code from the app, or one of the recovery codes. */
export function CodeForm({ returnTo }: { returnTo?: string }) {
  const [code, setCode] = useState("");
  const hydrated = useHydrated();
  const send = useMutation({
    mutationFn: () => apiFetch(secondFactorSignInContract, { body: { code, returnTo } }),
    // The server validated redirectTo as a same-origin path; a full load starts the session's cache from scratch.
    onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
    meta: { skipAuthRedirect: true },
  });
  const busy = send.isPending || send.isSuccess;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
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
          id="code"
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          maxLength={32}
          autoFocus
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-describedby="code-help"
          className={INPUT}
        />
        <p id="code-help" className="mt-1 text-sm text-slate-700">
          The 6 digits your authenticator app shows now, or one of your recovery codes (abcde-fghij).
        </p>
      </div>
      <Button type="submit" className="w-full" disabled={busy || !hydrated || code.trim() === ""}>
        {busy ? "Checking…" : "Continue"}
      </Button>
    </form>
  );
}
