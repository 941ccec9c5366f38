import "server-only";
import { z } from "zod";
import { DECIMAL_PATTERN } from "@/lib/decimal-string";

/**
 * Response amounts are decimal strings (spec §2). A JSON number is rejected
 * rather than coerced: converting it back to a string could already carry float
 * rounding, and silently "fixing" money is worse than a visible contract error.
 */
export const decimalString = z.string().regex(DECIMAL_PATTERN, "Expected a decimal string");

/** ISO datetimes as the service sends them, with "Z" or an offset. */
export const isoDatetime = z.iso.datetime({ offset: true });
/** The pattern isoDatetime checks (zod's own), for checks that run without zod (transactions.ts). */
export const ISO_DATETIME = z.regexes.datetime({ offset: true });

/** §3: the only service statuses, always lowercase. */
export const paymentStatusSchema = z.enum(["pending", "success", "failed"]);

export const RAILS = ["bangladesh", "brazil", "india", "europe", "nigeria", "pyusd", "internal", "unknown"] as const;
/** A rail added upstream after this client was written reads as "unknown" instead of failing the whole list. */
export const railSchema = z.enum(RAILS).catch("unknown");

/** Fees block of a pay-in (§2.2); feeStatus values beyond the examples are not shown, so it stays a string. */
export const feesSchema = z.looseObject({
  platformFee: decimalString,
  feeType: z.string().optional(),
  feeStatus: z.string().optional(),
});
