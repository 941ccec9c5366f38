"use client";

import { Button } from "@/components/ui/button";
import { useSignOut } from "../use-sign-out";

/**
 * Leaves a sign-in that still owes its code or its enrolment: the session goes with it, so a
 * browser left at this step on a shared desk holds nothing for the next person (the session would
 * otherwise last until its 15 minutes are up).
 */
export function CancelSignIn() {
  const signOut = useSignOut();
  return (
    <div className="border-t border-slate-200 pt-4 text-sm text-slate-700">
      Not you, or not now?{" "}
      <Button variant="secondary" className="ml-1" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
        {signOut.isPending ? "Cancelling…" : "Cancel sign-in"}
      </Button>
      {signOut.isError ? (
        <p role="alert" className="mt-2 text-red-900">
          The sign-in could not be cancelled. Try again, or close this browser window.
        </p>
      ) : null}
    </div>
  );
}
