import { Card, CardTitle } from "@/components/ui/card";
import { formatMoney } from "@/lib/money";
import { NGN_PAYIN_LIMITS } from "@/lib/requests/limits";

/** §8: the limit applies per inbound credit, when it settles; the account itself takes any transfer. */
export function PayinLimits() {
  return (
    <Card aria-labelledby="ngn-limits-heading">
      <CardTitle id="ngn-limits-heading">Pay-in limits</CardTitle>
      <p className="mt-1 text-sm text-slate-700">
        Each inbound credit must be between {formatMoney(NGN_PAYIN_LIMITS.min, "NGN")} and {formatMoney(NGN_PAYIN_LIMITS.max, "NGN")}. The
        limit is checked when the credit settles, not when the account is created: a transfer outside it shows as a failed pay-in and
        nothing is credited. Credits land in the NGN pocket net of fees.
      </p>
    </Card>
  );
}
