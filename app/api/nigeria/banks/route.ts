import { nigeriaBanksContract } from "@/lib/contracts/nigeria/banks";
import { withSession } from "@/lib/server/bff";

/** The wizard's bank step (admin and finance only, like every route of the wizard). */
export const GET = withSession(
  nigeriaBanksContract,
  async ({ input, client }) => {
    const search = input.search || undefined;
    const banks = await client.nigeria.banks(search ? { search } : {});
    return { items: banks.items.map(({ bankCode, bankName }) => ({ bankCode, bankName })) };
  },
  { permission: "money:write" },
);
