"use client";

import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { apiFetch, isApiFetchError } from "@/lib/api-fetch";
import { enrolmentConfirmContract, enrolmentStartContract } from "@/lib/contracts/second-factor";
import { codeErrorMessage, waitText } from "./code-error";
import { CancelSignIn } from "./cancel-sign-in";
import { AUTH_TEXT_INPUT } from "./auth-card";

/**
 * TOTP enrolment in three steps: a new secret (QR code, and the text for apps that cannot
 * scan), one code from the app to confirm it, then the ten recovery codes, shown once.
 * `askPassword`: the session is already signed in (enrolling from /account), so the server wants
 * the password again before it shows a secret.
 */
export function EnrolForm({ returnTo, askPassword = false }: { returnTo?: string; askPassword?: boolean }) {
  // Until hydrated, a click submitted the form natively (a GET of this page, dropping its returnTo).
  const hydrated = useHydrated();
  const [code, setCode] = useState("");
  const codeBox = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState("");
  const start = useMutation({
    mutationFn: () => apiFetch(enrolmentStartContract, { body: askPassword ? { password } : {} }),
    meta: { skipAuthRedirect: true },
  });
  const confirm = useMutation({
    mutationFn: () => apiFetch(enrolmentConfirmContract, { body: { code, returnTo } }),
    meta: { skipAuthRedirect: true },
  });

  if (confirm.isSuccess) {
    return (
      <div className="space-y-4 text-sm text-slate-800">
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-900">
          Two-factor sign-in is on.
        </p>
        <div>
          <h2 className="font-semibold text-slate-900">Your recovery codes</h2>
          <p className="mt-1">
            Each works once, instead of a code from the app (a lost phone). Keep them somewhere safe: they are shown only now.
          </p>
          <ul className="mt-2 grid grid-cols-2 gap-1 rounded-md bg-slate-50 p-3 font-mono" data-testid="recovery-codes">
            {confirm.data.recoveryCodes.map((recovery) => (
              <li key={recovery}>{recovery}</li>
            ))}
          </ul>
        </div>
        <Button className="w-full" onClick={() => window.location.assign(confirm.data.redirectTo)}>
          I have saved them: continue
        </Button>
      </div>
    );
  }

  if (!start.isSuccess) {
    const begin = (event: FormEvent) => {
      event.preventDefault();
      start.mutate();
    };
    return (
      <form className="space-y-4 text-sm text-slate-700" onSubmit={begin}>
        <p>You need an authenticator app (for example Google Authenticator, 1Password or Authy) on your phone.</p>
        {askPassword ? (
          <div>
            <label htmlFor="enrol-password" className="block font-medium text-slate-900">
              Your password
            </label>
            <p id="enrol-password-hint">Confirm it is you before a new authenticator is added to your account.</p>
            <input
              id="enrol-password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={1024}
              aria-describedby="enrol-password-hint"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              className={AUTH_TEXT_INPUT}
            />
          </div>
        ) : null}
        {start.isError ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-900">
            {startErrorMessage(start.error)}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={start.isPending || !hydrated}>
          {start.isPending ? "Preparing…" : "Show my QR code"}
        </Button>
        {/* A sign-in (not /account, which asks the password) can be left before it is finished. */}
        {askPassword ? null : <CancelSignIn />}
      </form>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Refused: the disabled button dropped focus to the body; back to the box, for the next try.
    confirm.mutate(undefined, { onError: () => codeBox.current?.focus() });
  };
  return (
    <div className="space-y-4 text-sm text-slate-800">
      <p>Scan this with your app, then type the 6-digit code it shows.</p>
      {/* An SVG the server made from our own otpauth:// URI (uqr): no script, no outside content. */}
      <div
        role="img"
        aria-label="QR code of your two-factor secret"
        className="mx-auto w-48 [&_svg]:h-auto [&_svg]:w-full"
        dangerouslySetInnerHTML={{ __html: start.data.qrSvg }}
      />
      <p>
        Cannot scan? Type this key instead:{" "}
        <code className="font-mono wrap-anywhere text-slate-900" data-testid="totp-secret">
          {start.data.secret}
        </code>
      </p>
      <form onSubmit={submit} className="space-y-3" noValidate>
        {confirm.isError ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-900">
            {codeErrorMessage(confirm.error)}
          </p>
        ) : null}
        <label htmlFor="enrol-code" className="block font-medium text-slate-900">
          Code from the app
        </label>
        <input
          ref={codeBox}
          id="enrol-code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={32}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          className="block w-full rounded-md border border-slate-400 px-3 py-2 font-mono text-base tracking-widest"
        />
        <Button type="submit" className="w-full" disabled={confirm.isPending || code.trim() === ""}>
          {confirm.isPending ? "Checking…" : "Turn on two-factor sign-in"}
        </Button>
      </form>
      {askPassword ? null : <CancelSignIn />}
    </div>
  );
}

/** Why no secret was shown: the password (from /account), too many tries, or the sign-in gone. */
function startErrorMessage(error: unknown): string {
  if (isApiFetchError(error)) {
    if (error.code === "invalid_credentials") return "That is not your password.";
    if (error.code === "validation") return error.fields?.password?.[0] ?? error.message;
    if (error.status === 429) return `Too many tries. Try again in ${waitText(error.retryAfter)}.`;
  }
  return codeErrorMessage(error);
}
