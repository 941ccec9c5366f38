// GET /api/nigeria/banks?search= (browser-safe): the payout wizard's bank step.
import { contract } from "@/lib/contracts/contract";

export type BankDto = { bankCode: string; bankName: string };
export type BanksDto = { items: BankDto[] };

export const nigeriaBanksContract = contract<BanksDto>()({
  method: "GET",
  path: ({ search }: { search: string }) => `/api/nigeria/banks?${new URLSearchParams(search ? { search } : {})}`,
  input: () => import("@/lib/requests").then((m) => m.nigeriaBanksQuerySchema),
});
