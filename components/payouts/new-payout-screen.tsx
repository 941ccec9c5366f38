"use client";

import { GatedWriteForm } from "@/components/money-movement/gated-write-form";
import type { PayoutRegion } from "@/lib/regions/regions";
import { payoutFormConfig } from "./payout-forms";
import { PayoutIntro } from "./payout-intro";

export function NewPayoutScreen({ region }: { region: PayoutRegion }) {
  return <GatedWriteForm config={payoutFormConfig(region)} intro={<PayoutIntro region={region} />} />;
}
