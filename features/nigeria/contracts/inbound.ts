// GET /api/nigeria/inbound (browser-safe): credits to the virtual account, the NGN pay-ins of the list (§1 Nigeria).
import { contract } from "@/lib/contracts/contract";
import type { NgnTransactionsDto } from "@/lib/contracts/ngn-payouts";

export const nigeriaInboundContract = contract<NgnTransactionsDto>()({ method: "GET", path: () => "/api/nigeria/inbound" });
