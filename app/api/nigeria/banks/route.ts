import { nigeriaBanksContract } from "@/features/nigeria/contracts/banks";
import { matchingBanks } from "@/features/nigeria/bank-search";
import { withSession } from "@/lib/server/bff";

/**
 * The wizard's bank step (admin and finance only, like every route of the wizard). The whole list
 * is read and searched here: the API's search knows names only, not "gtb" or "uba".
 */
export const GET = withSession(
  nigeriaBanksContract,
  async ({ input, client }) => {
    const banks = await client.nigeria.banks({});
    return { items: matchingBanks(banks.items, input.search ?? "").map(({ bankCode, bankName }) => ({ bankCode, bankName })) };
  },
  { permission: "money:write" },
);
