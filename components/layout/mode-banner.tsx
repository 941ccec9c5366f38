"use client";

import { useSession } from "@/components/session/use-session";

/**
 * Always on, and different in each mode, so nobody mistakes test balances for real money, or
 * moves real money thinking it is a test.
 */
export function ModeBanner() {
  const { mode } = useSession();
  if (mode === "test")
    return (
      <p data-testid="test-mode-banner" className="bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-amber-950">
        Test mode: you are viewing test data. No real money moves.
      </p>
    );
  return (
    <p data-testid="live-mode-banner" className="bg-red-800 px-4 py-2 text-center text-sm font-semibold text-white">
      Live mode: real balances. Money you move here is real.
    </p>
  );
}
