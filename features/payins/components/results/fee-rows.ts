import type { Detail } from "@/components/ui/detail-list";
import { formatMoney } from "@/lib/money";
import type { FeesDto } from "@/lib/contracts/region-payins";

/** Fee and net credit, labelled "estimated" while feeStatus says so (§2.2): the final figures come with success. */
export function feeRows(fees: FeesDto, currency: string): Detail[] {
  const suffix = fees.estimated ? " (estimated)" : "";
  const money = (value: string | null) => (value === null ? "—" : `${formatMoney(value, currency)}${suffix}`);
  return [
    { label: `Platform fee${suffix}`, value: money(fees.platformFee), testId: "payin-fee" },
    { label: `Net amount${suffix}`, value: money(fees.netAmount), testId: "payin-net" },
  ];
}
