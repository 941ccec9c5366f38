"use client";

import { NigeriaGate } from "../nigeria-gate";
import { PayoutWizard } from "./payout-wizard";

export function NewPayoutScreen() {
  return (
    <NigeriaGate>
      <PayoutWizard />
    </NigeriaGate>
  );
}
