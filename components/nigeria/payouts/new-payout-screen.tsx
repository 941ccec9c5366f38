"use client";

import { useSession } from "@/components/session/use-session";
import { LiveOnlyState } from "../nigeria-states";
import { PayoutWizard } from "./payout-wizard";

export function NewPayoutScreen() {
  const { mode } = useSession();
  return mode === "test" ? <LiveOnlyState /> : <PayoutWizard />;
}
