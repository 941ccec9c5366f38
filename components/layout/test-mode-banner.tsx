"use client";

import { useSession } from "@/components/session/use-session";

/** Persistent in test mode so nobody mistakes test balances for real money. */
export function TestModeBanner() {
  const { mode } = useSession();
  if (mode !== "test") return null;
  return (
    <p data-testid="test-mode-banner" className="bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-amber-950">
      Test mode: you are viewing test data. No real money moves.
    </p>
  );
}
