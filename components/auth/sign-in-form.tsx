"use client";

import { formText } from "@/lib/form-data";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { signInErrorMessage } from "./sign-in-error";
import { useSignIn } from "./use-sign-in";

const INPUT =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-700";

export function SignInForm({ returnTo }: { returnTo?: string }) {
  const signIn = useSignIn();
  const hydrated = useHydrated();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signIn.mutate({ email: formText(form, "email"), password: formText(form, "password"), returnTo });
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
        <input id="email" name="email" type="email" autoComplete="username" required className={INPUT} />
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium text-slate-900">
          Password
        </label>
        <input id="password" name="password" type="password" autoComplete="current-password" required className={INPUT} />
      </div>
      <Button type="submit" className="w-full" disabled={busy || !hydrated}>
        {busy ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
