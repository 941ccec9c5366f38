import { CopyButton } from "@/components/ui/copy-button";
import { Card, CardTitle } from "@/components/ui/card";

type ReadyAccount = { accountNumber: string; bankName: string; accountName: string };

function shareText({ accountNumber, bankName, accountName }: ReadyAccount): string {
  return `Please pay by bank transfer to:\nAccount number: ${accountNumber}\nBank: ${bankName}\nAccount name: ${accountName}`;
}

/** Shown only for a ready account (the DTO has no details otherwise): what payers need, easy to copy. */
export function AccountDetails({ account }: { account: ReadyAccount }) {
  const rows = [
    { label: "Account number", value: account.accountNumber, mono: true },
    { label: "Bank", value: account.bankName, mono: false },
    { label: "Account name", value: account.accountName, mono: false },
  ];
  const share = shareText(account);
  return (
    <Card aria-labelledby="va-ready-heading" data-testid="va-ready">
      <CardTitle id="va-ready-heading">Your NGN virtual account</CardTitle>
      <p className="mt-1 text-sm text-slate-700">Permanent: payers can transfer any amount to it at any time.</p>
      <dl className="mt-4 space-y-3">
        {rows.map((row) => (
          <div key={row.label} className="flex flex-wrap items-center justify-between gap-2">
            {/* min-w-0 and wrap-anywhere: a 30-letter name without a space, at text-2xl, is wider than a 360 px
                screen; it wraps inside the card instead of pushing the page sideways. */}
            <div className="min-w-0">
              <dt className="text-sm text-slate-700">{row.label}</dt>
              <dd className={`min-w-0 text-2xl font-semibold wrap-anywhere text-slate-900 ${row.mono ? "font-mono tracking-wider" : ""}`}>
                {row.value}
              </dd>
            </div>
            <CopyButton value={row.value} label={`Copy ${row.label.toLowerCase()}`} />
          </div>
        ))}
      </dl>
      <div className="mt-5">
        <h3 className="text-sm font-medium text-slate-900">Share these details</h3>
        <pre
          className="mt-1 min-w-0 rounded-md bg-slate-50 p-3 text-sm wrap-anywhere whitespace-pre-wrap text-slate-900"
          data-testid="va-share-text"
        >
          {share}
        </pre>
        <div className="mt-2">
          <CopyButton value={share} label="Copy the text to share" />
        </div>
      </div>
    </Card>
  );
}
