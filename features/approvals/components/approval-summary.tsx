"use client";

import Link from "next/link";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { DetailList } from "@/components/ui/detail-list";
import { formatLocalTimeOnceHydrated } from "@/components/ui/time-format";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ApprovalDto, ApprovalStatus } from "@/features/approvals/contracts";
import { formatMoney } from "@/lib/money";

const STATUS: Record<ApprovalStatus, { label: string; tone: BadgeTone }> = {
  requested: { label: "Waiting for approval", tone: "amber" },
  approved: { label: "Approved, sending", tone: "violet" },
  rejected: { label: "Rejected", tone: "red" },
  expired: { label: "Expired", tone: "slate" },
  sent: { label: "Sent", tone: "green" },
  failed: { label: "Failed", tone: "red" },
};

export function ApprovalStatusBadge({ request }: { request: ApprovalDto }) {
  const { label, tone } = STATUS[request.status];
  return (
    <span data-testid="approval-status">
      <Badge tone={tone}>{label}</Badge>
    </span>
  );
}

/** One request in a list: its amount and rail, then `detail` (the maker, or the reference), linking to its page; its status. */
export function ApprovalLine({ request, detail }: { request: ApprovalDto; detail: string }) {
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
      data-testid="approval-line"
      data-reference={request.reference}
    >
      <Link href={`/approvals/${request.id}`} className="min-w-0 font-medium break-words text-slate-900 hover:underline">
        {formatMoney(request.amount, request.currency)} · {request.railLabel} · {detail}
      </Link>
      <ApprovalStatusBadge request={request} />
    </li>
  );
}

/** "12 min ago", once hydrated (the server does not know the viewer's clock). */
function age(iso: string, hydrated: boolean): string {
  if (!hydrated) return "";
  const minutes = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} days ago`;
}

/** What a status means for the people waiting on it. */
export function outcomeSentence(request: ApprovalDto): string | null {
  switch (request.status) {
    case "rejected":
      return `Rejected by ${request.decidedBy ?? "an approver"}: ${request.reason ?? ""}. Nothing was sent; this reference is spent, so start again with a new one.`;
    case "expired":
      return "Nobody approved it in time. Nothing was sent; this reference is spent, so start again with a new one.";
    case "failed":
      return `The payments service refused it at approval (${request.code ?? "refused"}). Nothing was paid; this reference is spent, so start again with a new one.`;
    case "sent":
      return request.code
        ? `Created (${request.transactionId ?? "id not known"}), approval refused: approve again when funded, from Payouts.`
        : `Sent after ${request.decidedBy ?? "an approver"}'s approval: ${request.transactionId ?? "id not known"}.`;
    case "approved":
      return "Approved: the payout is being sent. If this stays, approve again to check how the send ended (it sends nothing twice).";
    default:
      return null;
  }
}

export function ApprovalDetails({ request }: { request: ApprovalDto }) {
  const hydrated = useHydrated();
  return (
    <DetailList
      rows={[
        { label: "Amount", value: formatMoney(request.amount, request.currency), testId: "approval-amount" },
        { label: "Rail", value: request.railLabel },
        { label: "Beneficiary", value: request.beneficiary, testId: "approval-beneficiary" },
        { label: "Maker", value: request.maker, testId: "approval-maker" },
        { label: "Requested", value: `${formatLocalTimeOnceHydrated(request.createdAt, hydrated)} (${age(request.createdAt, hydrated)})` },
        { label: "Expires", value: formatLocalTimeOnceHydrated(request.expiresAt, hydrated) },
        {
          label: "Paying pocket",
          value:
            request.pocket.available === null
              ? request.pocket.currency
              : `${formatMoney(request.pocket.available, request.pocket.currency)} available`,
          testId: "approval-pocket",
        },
        {
          label: "Policy",
          value: request.threshold === null ? "Every payout" : `At or above ${formatMoney(request.threshold, request.currency)}`,
        },
        { label: "Reference", value: request.reference },
      ]}
    />
  );
}
