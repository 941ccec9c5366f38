// The input schemas of features/settings/contracts.ts: the BFF loads them (contract.ts says why),
// the settings form checks with them too.
import * as z from "zod/mini";
import { printable } from "@/lib/contracts/inputs/printable";
import { hostOf, WEBHOOK_URL_MAX_LENGTH } from "./webhook-url";

/**
 * https only in the dashboard (the simulator also takes http://localhost for
 * its own delivery tests), and the new host typed again: one URL receives the
 * events of every rail, so a typo silently sends them all elsewhere.
 */
export const webhookUrlSchema = z.pipe(
  z.string().check(
    z.trim(),
    z.minLength(1, "Enter the new webhook URL"),
    z.maxLength(WEBHOOK_URL_MAX_LENGTH, `A webhook URL has at most ${WEBHOOK_URL_MAX_LENGTH.toLocaleString("en-US")} characters`),
    // Checked before parsing: the URL parser would turn a space in the host into %20 and ask to confirm that.
    z.refine((value) => !/\s/.test(value), "A URL cannot contain spaces"),
    printable(),
  ),
  z
    .url({
      protocol: /^https$/,
      hostname: z.regexes.domain,
      error: "Enter an https:// URL with a domain name, such as https://hooks.example.com/payments",
    })
    .check(
      // A password in the URL would be sent upstream and kept in the audit trail and the webhook
      // history every admin reads: a secret the endpoint needs belongs in its own settings.
      // zod runs this check after z.url refused the value too: a value URL cannot parse ("0",
      // "NaN") has z.url's message already, and threw here (a 500).
      z.refine((value) => {
        try {
          const url = new URL(value);
          return url.username === "" && url.password === "";
        } catch {
          return true;
        }
      }, "Leave the user name and password out of the URL (nothing before an @): they would be kept in the audit trail"),
    ),
);

export const webhookChangeSchema = z
  .object({
    url: webhookUrlSchema,
    confirmHost: z.string().check(z.trim(), z.maxLength(WEBHOOK_URL_MAX_LENGTH), printable()),
    /** The URL the page showed as current (null: none), so a change made meanwhile by someone else is not overwritten unseen. */
    replacing: z.nullable(z.string().check(z.maxLength(WEBHOOK_URL_MAX_LENGTH))),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (hostOf(value.url) !== value.confirmHost.toLowerCase()) {
        ctx.addIssue({
          code: "custom",
          path: ["confirmHost"],
          message: "Type the new URL's host exactly to confirm",
          input: value.confirmHost,
        });
      }
    }),
  );
