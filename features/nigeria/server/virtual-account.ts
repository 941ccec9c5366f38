import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import type { VirtualAccountDto } from "@/lib/contracts/ngn-virtual-account";
import type { Environment } from "@/lib/rails";
import { toVirtualAccountDto } from "@/lib/server/money-writes/kinds/ngn-dto";

// Provisioning goes through the money-write pipeline (lib/server/money-writes/kinds/ngn-virtual-account.ts).

/** Test keys get 503 on Nigeria (§1 rule 10): answer "live only" without asking. */
export async function readVirtualAccount(client: PaymentsClient, mode: Environment): Promise<VirtualAccountDto> {
  if (mode === "test") return { state: "live_only" };
  return toVirtualAccountDto(await client.nigeria.getVirtualAccount());
}
