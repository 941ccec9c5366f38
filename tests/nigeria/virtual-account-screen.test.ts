// The virtual account's cards, rendered to HTML (no browser: the markup and its classes are what is checked).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fieldErrorPlacement, fieldErrorsOf } from "@/components/money-movement/write-error";
import { BankStep } from "@/features/nigeria/components/payouts/bank-step";
import { AccountDetails } from "@/features/nigeria/components/virtual-account/account-details";
import type { SubmittedSummary } from "@/features/nigeria/components/virtual-account/provision-form";
import { ProvisioningState, provisioningDetails } from "@/features/nigeria/components/virtual-account/provisioning-state";
import { sessionQueryOptions } from "@/components/session/session-queries";
import { ApiFetchError } from "@/lib/api-fetch";
import type { SessionDto } from "@/lib/contracts/session";
import { VIRTUAL_ACCOUNT_FIELDS } from "@/features/nigeria/virtual-account-fields";
import { nigeriaBanksQuerySchema } from "@/lib/requests/nigeria";

const SENT: SubmittedSummary = { firstName: "Ada", lastName: "Obi", bvnMasked: "•••••••••78", dateOfBirthMasked: "••••-••-••" };
const LONG_NAME = "A".repeat(30);

const provisioning = (account: { firstName?: string; lastName?: string }, summary: SubmittedSummary | null) =>
  renderToStaticMarkup(createElement(ProvisioningState, { account, summary, timedOut: false, onRefresh: () => undefined }));

/** An attribute of the first element whose opening tag matches `tag`. */
function attrOf(html: string, tag: RegExp, attr: string): string {
  const open = html.match(tag)?.[0] ?? "";
  return open.match(new RegExp(` ${attr}="([^"]*)"`, "i"))?.[1] ?? "";
}
const classOf = (html: string, tag: RegExp) => attrOf(html, tag, "class");

describe("provisioning started by two staff at once", () => {
  it("shows the account's own name, says the submitted details were not used, and hides their masks", () => {
    const html = provisioning({ firstName: "Chinedu", lastName: "Okafor" }, SENT);
    expect(html).toContain("Chinedu Okafor");
    expect(html).not.toContain("Ada Obi");
    expect(html).toContain("An account already existed, so the details you submitted were not used.");
    expect(html).not.toContain("•••••••••78");
  });

  it("shows the masks of what was sent when the account is the one sent (case and spacing aside)", () => {
    const html = provisioning({ firstName: "ADA", lastName: " Obi " }, SENT);
    expect(html).toContain("ADA Obi");
    expect(html).toContain("•••••••••78");
    expect(html).not.toContain("already existed");
  });

  it("shows the account's name to a viewer who sent nothing, and labels a sent name as sent when the account has none", () => {
    expect(provisioning({ firstName: "Chinedu", lastName: "Okafor" }, null)).toContain("Chinedu Okafor");
    expect(provisioningDetails({}, SENT)).toEqual({ name: "Ada Obi", nameLabel: "Name submitted", submitted: SENT, notUsed: false });
  });
});

describe("a refusal of fields the form does not show", () => {
  const refusal = (fields: Record<string, string[]> | undefined) =>
    fieldErrorPlacement(fieldErrorsOf(new ApiFetchError(400, "validation", "Invalid request.", "req_1", fields)), VIRTUAL_ACCOUNT_FIELDS);

  it("is said by the form when no shown field got a message", () => {
    expect(refusal(undefined)).toEqual({ placed: false, messages: [] });
    expect(refusal({ reference: ["Reference is not valid"] })).toEqual({ placed: false, messages: ["reference: Reference is not valid"] });
    expect(refusal({ "body.firstName": [] })).toEqual({ placed: false, messages: [] });
  });

  it("is left to the field when a shown field got one", () => {
    expect(refusal({ "body.bvn": ["BVN is 11 digits"] }).placed).toBe(true);
  });
});

describe("at 360 px a 30-letter name without a space", () => {
  it("wraps in the ready account's details and its share text", () => {
    const html = renderToStaticMarkup(
      createElement(AccountDetails, { account: { accountNumber: "9912345678", bankName: "Providus Bank", accountName: LONG_NAME } }),
    );
    const dds = html.match(/<dd [^>]*>/g) ?? [];
    expect(dds).toHaveLength(3);
    for (const dd of dds) expect(classOf(dd, /<dd [^>]*>/).split(" ")).toEqual(expect.arrayContaining(["min-w-0", "wrap-anywhere"]));
    expect(classOf(html, /<pre [^>]*>/).split(" ")).toEqual(expect.arrayContaining(["min-w-0", "wrap-anywhere"]));
  });

  it("wraps in the provisioning card, whose value column may shrink below its content", () => {
    const html = provisioning({ firstName: LONG_NAME, lastName: "Obi" }, null);
    expect(classOf(html, /<dl [^>]*>/).split(" ")).toContain("grid-cols-[10rem_minmax(0,1fr)]");
    expect(classOf(html, /<dd [^>]*>/).split(" ")).toEqual(expect.arrayContaining(["min-w-0", "wrap-anywhere"]));
  });
});

describe("the bank search", () => {
  it("stops at the length the wire schema takes", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionQueryOptions().queryKey, { mode: "live", user: { role: "admin" } } as unknown as SessionDto);
    const html = renderToStaticMarkup(
      createElement(
        QueryClientProvider,
        { client: queryClient },
        createElement(BankStep, { selected: null, onSelect: () => undefined, onContinue: () => undefined }),
      ),
    );
    const max = Number(attrOf(html, /<input [^>]*id="bank-search"[^>]*>/, "maxLength"));
    expect(max).toBe(60);
    expect(nigeriaBanksQuerySchema.safeParse({ search: "x".repeat(max) }).success).toBe(true);
    expect(nigeriaBanksQuerySchema.safeParse({ search: "x".repeat(max + 1) }).success).toBe(false);
  });
});
