"use client";

import { GatedWriteForm } from "@/components/money-movement/gated-write-form";
import type { PayoutRegion } from "@/lib/regions/regions";
import { payoutFormConfig } from "./payout-forms";
import { PayoutIntro } from "./payout-intro";
import { PocketAvailable } from "@/features/balances/pocket-available";

/**
 * The pocket each region's payouts spend
 * (docs/decisions/0022-payout-pockets-bdt-brl-and-usdc-for-europe.md).
 */
const PAYING_POCKET: Record<PayoutRegion, string> = { bangladesh: "BDT", brazil: "BRL", europe: "USDC" };

export function NewPayoutScreen({ region }: { region: PayoutRegion }) {
  return (
    <GatedWriteForm
      config={payoutFormConfig(region)}
      intro={
        <div className="space-y-3">
          <PayoutIntro region={region} />
          <PocketAvailable currency={PAYING_POCKET[region]} />
        </div>
      }
    />
  );
}
