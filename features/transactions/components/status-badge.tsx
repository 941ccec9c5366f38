import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { TxStatus } from "@/lib/transaction-row";

const TONE: Record<TxStatus, BadgeTone> = { success: "green", pending: "amber", failed: "red" };

export function StatusBadge({ status }: { status: TxStatus }) {
  return <Badge tone={TONE[status]}>{status}</Badge>;
}
