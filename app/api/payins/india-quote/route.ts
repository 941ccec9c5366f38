import { indiaQuoteContract } from "@/lib/contracts/region-payins";
import { withSession } from "@/lib/server/bff";
import { indiaQuote } from "@/features/payins/server/payin-reads";

/** Indicative INR per USDT (GET /v1/h2h/conversion-rates) for the India form. */
export const GET = withSession(indiaQuoteContract, ({ client }) => indiaQuote(client), { permission: "balances:read" });
