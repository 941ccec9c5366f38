"use client";

import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { MarketGate } from "./market-gate";
import { ReviewedWriteForm, type WriteFormConfig } from "./reviewed-write-form";

/** A region's write form, shown only while its market can take writes. */
export function GatedWriteForm({ config, intro }: { config: WriteFormConfig; intro: ReactNode }) {
  return (
    <MarketGate market={config.market}>
      {(state) => (
        <Card>
          <ReviewedWriteForm config={config} intro={intro} bannerShown={state === "paused"} />
        </Card>
      )}
    </MarketGate>
  );
}
