// Compile-time checks of the contracts: `npx tsc --noEmit` fails if a wrong
// handler or a wrong call compiles (an unused @ts-expect-error is an error), and
// expectTypeOf compares types. Nothing here is called at runtime.
import { describe, expectTypeOf, it } from "vitest";
import { apiFetch } from "@/lib/api-fetch";
import type { ResponseOf } from "@/lib/contracts/contract";
import { balancesContract, type BalancesDto } from "@/lib/contracts/balances";
import { nigeriaPayoutContract, type NigeriaPayoutDto } from "@/lib/contracts/ngn-payouts";
import { payinCreateContracts, type PyusdIntentDto } from "@/lib/contracts/region-payins";
import { webhookChangeContract } from "@/features/settings/contracts";
import { API_ERROR_CODES, type ApiErrorCode } from "@/lib/contracts/errors";
import type { ApiFetchError } from "@/lib/api-fetch";
import { withSession } from "@/lib/server/bff";

describe("contracts at compile time", () => {
  it("apiFetch returns the contract's response type, not a caller's choice", () => {
    expectTypeOf(() => apiFetch(balancesContract)).returns.resolves.toEqualTypeOf<BalancesDto>();
    expectTypeOf(() => apiFetch(nigeriaPayoutContract, { params: { id: "tx_1" } })).returns.resolves.toEqualTypeOf<NigeriaPayoutDto>();
    expectTypeOf<ResponseOf<(typeof payinCreateContracts)["pyusd"]>>().toEqualTypeOf<PyusdIntentDto>();
  });

  it("apiFetch wants the path's params and a write's body, and refuses a body on a read", () => {
    const calls = () => {
      // @ts-expect-error the payout id is required
      void apiFetch(nigeriaPayoutContract);
      // @ts-expect-error the webhook change needs its body
      void apiFetch(webhookChangeContract);
      // @ts-expect-error confirmHost is part of the body
      void apiFetch(webhookChangeContract, { body: { url: "https://hooks.example" } });
      // @ts-expect-error a read sends no body
      void apiFetch(balancesContract, { body: {} });
    };
    expectTypeOf(calls).toBeFunction();
  });

  it("a route handler must answer the contract's response type", () => {
    const routes = () => [
      withSession(balancesContract, async ({ session }) => ({ asOf: "", mode: session.mode, pockets: [], markets: [] })),
      // @ts-expect-error a total is not a BalancesDto
      withSession(balancesContract, async () => ({ total: "12.00" })),
      // @ts-expect-error the handler's input is the contract's, and this contract's body has no `amount`
      withSession(webhookChangeContract, async ({ input }) => ({ webhookUrl: input.amount, updatedAt: null })),
    ];
    expectTypeOf(routes).toBeFunction();
  });

  it("the browser's error codes are the one list, plus the two it makes itself", () => {
    expectTypeOf<ApiFetchError["code"]>().toEqualTypeOf<ApiErrorCode | "network_error" | "unexpected_response">();
    expectTypeOf<(typeof API_ERROR_CODES)[number]>().toEqualTypeOf<ApiErrorCode>();
  });
});
