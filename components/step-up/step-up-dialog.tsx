"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { apiFetch, isApiFetchError } from "@/lib/api-fetch";
import { stepUpContract } from "@/lib/contracts/second-factor";
import { redirectToSignIn } from "@/lib/query-client";
import { setStepUpPrompt } from "@/lib/step-up-prompt";

/**
 * The code the BFF asks for before a write that moves money or changes access, when the last
 * check is more than 5 minutes old (403 step_up_required). Mounted once in the shell; apiFetch
 * opens it and, once a code is accepted, sends the same request again, so what was typed in the
 * form is neither lost nor sent twice. Cancel leaves the form as it was, with the refusal shown.
 */
export function StepUpDialog() {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  /** The BFF ended this session (too many wrong codes, or it ended elsewhere): only a new sign-in goes on. */
  const [signedOut, setSignedOut] = useState(false);
  const settle = useRef<((accepted: boolean) => void) | null>(null);
  const codeBox = useRef<HTMLInputElement>(null);

  useEffect(
    () =>
      setStepUpPrompt(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setCode("");
            setError(null);
            setSignedOut(false);
            setOpen(true);
          }),
      ),
    [],
  );

  const finish = (accepted: boolean) => {
    settle.current?.(accepted);
    settle.current = null;
    setOpen(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Enter in the box after the session ended: the same as the button it now has.
    if (signedOut) return redirectToSignIn();
    setChecking(true);
    setError(null);
    try {
      await apiFetch(stepUpContract, { body: { code } });
      finish(true);
    } catch (err) {
      setError(isApiFetchError(err) ? err.message : "The code could not be checked.");
      if (isApiFetchError(err) && err.status === 401) setSignedOut(true);
    } finally {
      setChecking(false);
    }
    // The disabled Confirm dropped focus to the body: back to the box, for the next try.
    codeBox.current?.focus();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : finish(false))}>
      {open ? (
        <DialogContent
          title="Confirm it is you"
          description="This moves money or changes access. Enter the 6-digit code from your authenticator app (or a recovery code); the action then goes ahead as you reviewed it."
        >
          <form className="mt-4 space-y-3" onSubmit={(event) => void submit(event)}>
            <label className="block text-sm font-medium text-slate-900" htmlFor="step-up-code">
              Code
            </label>
            <input
              ref={codeBox}
              id="step-up-code"
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={32}
              autoFocus
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-invalid={error !== null}
              aria-describedby={error ? "step-up-error" : undefined}
              className="block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-base tracking-widest"
            />
            {error ? (
              <p id="step-up-error" role="alert" className="text-sm text-red-800">
                {error}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="secondary" onClick={() => finish(false)}>
                Cancel
              </Button>
              {signedOut ? (
                <Button type="button" onClick={redirectToSignIn}>
                  Sign in again
                </Button>
              ) : (
                <Button type="submit" disabled={checking || code.trim() === ""}>
                  {checking ? "Checking…" : "Confirm"}
                </Button>
              )}
            </DialogFooter>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
