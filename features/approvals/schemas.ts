// The input schemas of features/approvals/contracts.ts: the BFF loads them (contract.ts says why).
import * as z from "zod/mini";

const REJECT_REASON_MAX = 300;

/** A rejection says why: the maker reads it on the request's page. */
export const rejectSchema = z.object({
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Say why it is rejected: the maker reads it"),
      z.maxLength(REJECT_REASON_MAX, `At most ${REJECT_REASON_MAX} characters`),
    ),
});

/** A policy as an admin proposes it: a threshold in the request's currency, every payout, or none. */
export const policyChangeSchema = z
  .object({
    currency: z.enum(["NGN", "BDT", "BRL", "EUR"], { error: "Choose NGN, BDT, BRL or EUR" }),
    action: z.enum(["threshold", "every", "remove"], { error: "Choose a threshold, every payout, or no policy" }),
    threshold: z.optional(z.string().check(z.trim())),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.action !== "threshold") return;
      const threshold = (value.threshold ?? "").replace(/,/g, "");
      if (!/^\d{1,15}(\.\d{1,2})?$/.test(threshold) || /^0+(\.0+)?$/.test(threshold))
        ctx.addIssue({
          code: "custom",
          path: ["threshold"],
          message: "Enter an amount above 0, such as 100000 or 2500.50",
          input: value.threshold,
        });
    }),
  );
