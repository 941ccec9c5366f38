"use client";

import { GatedWriteForm } from "@/components/money-movement/gated-write-form";
import type { PayinRegion } from "@/lib/regions/regions";
import { payinFormConfig } from "./payin-forms";
import { PayinIntro } from "./payin-intro";

export function RequestPaymentScreen({ region }: { region: PayinRegion }) {
  return <GatedWriteForm config={payinFormConfig(region)} intro={<PayinIntro region={region} />} />;
}
