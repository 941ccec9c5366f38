"use client";

import { formText } from "@/lib/form-data";
import { useRef, useState, type FormEvent } from "react";
import { isApiFetchError } from "@/lib/api-fetch";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { signInErrorMessage } from "./sign-in-error";
import { AUTH_TEXT_INPUT } from "./auth-card";
import { useSignIn } from "./use-sign-in";

export function SignInForm({ returnTo }: { returnTo?: string }) {
  const signIn = useSignIn();
  const hydrated = useHydrated();
  // Once shown, the field stays while the person retries (a later answer must not take it away mid-typing).
  const [recoveryShown, setRecoveryShown] = useState(false);

  // Past the account's daily ceiling (a 429), a browser that never signed in to it needs a recovery
  // code with the password (issue 54). Offered after any 429: the answer does not say which kind.
  const offerRecovery = isApiFetchError(signIn.error) && signIn.error.status === 429;
  if (offerRecovery && !recoveryShown) setRecoveryShown(true);
  const passwordBox = useRef<HTMLInputElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const recoveryCode = formText(form, "recoveryCode").trim();
    // Refused: the disabled button dropped focus to the body; back to the password, for the next try.
    signIn.mutate(
      { email: formText(form, "email"), password: formText(form, "password"), returnTo, ...(recoveryCode ? { recoveryCode } : {}) },
      { onError: () => passwordBox.current?.focus() },
    );
  }

  // Still "pending" after success while the browser navigates away.
  const busy = signIn.isPending || signIn.isSuccess;
  // method="post": even a submit that beats hydration never puts the password in a URL.
  return (
    <form method="post" onSubmit={onSubmit} className="space-y-4" noValidate>
      {signIn.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {signInErrorMessage(signIn.error)}
        </p>
      ) : null}
      <div>
        <label htmlFor="email" className="block text-sm font-medium text-slate-900">
          Email
        </label>
        <input id="email" name="email" type="email" autoComplete="username" required className={AUTH_TEXT_INPUT} />
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium text-slate-900">
          Password
        </label>
        <input
          ref={passwordBox}
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className={AUTH_TEXT_INPUT}
        />
      </div>
      {recoveryShown ? (
        <div>
          <label htmlFor="recoveryCode" className="block text-sm font-medium text-slate-900">
            Recovery code (optional)
          </label>
          <p id="recovery-code-hint" className="text-sm text-slate-700">
            Many wrong passwords were typed for this account today. A browser you signed in with before still gets in; on a new one, add one
            of your recovery codes.
          </p>
          <input
            id="recoveryCode"
            name="recoveryCode"
            autoComplete="one-time-code"
            spellCheck={false}
            maxLength={64}
            aria-describedby="recovery-code-hint"
            className={AUTH_TEXT_INPUT}
          />
        </div>
      ) : null}
      <Button type="submit" className="w-full" disabled={busy || !hydrated}>
        {busy ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
