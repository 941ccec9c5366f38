import "server-only";
import { z } from "zod";
import { decimalString } from "./common";

/**
 * §2.7 leaves the pocket identifier's name unshown. The simulator sends
 * `currency`; `pocket` and `walletCurrency` are accepted as fallbacks and
 * everything is normalised to `currency` so callers see one name.
 */
const rawBalanceItemSchema = z.looseObject({
  currency: z.string().optional(),
  pocket: z.string().optional(),
  walletCurrency: z.string().optional(),
  availableBalance: decimalString,
  pendingBalance: decimalString,
});

const balanceItemSchema = rawBalanceItemSchema.transform(({ pocket, walletCurrency, ...item }, ctx) => {
  const currency = item.currency ?? pocket ?? walletCurrency;
  if (!currency) {
    ctx.addIssue({ code: "custom", message: "Balance item has no pocket identifier (currency, pocket or walletCurrency)" });
    return z.NEVER;
  }
  return { ...item, currency };
});

/** GET /v1/balance (§1 rule 11): one item per provisioned pocket; currencies are never summed. */
export const balanceSchema = z.looseObject({ items: z.array(balanceItemSchema) });
export type Balance = z.infer<typeof balanceSchema>;
