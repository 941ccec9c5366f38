"use client";

import { useQuery } from "@tanstack/react-query";
import { useSession } from "@/components/session/use-session";
import { approvalCountContract, approvalKeys } from "@/features/approvals/contracts";
import { apiFetch } from "@/lib/api-fetch";

/** The navigation's count of requests waiting for approval (approvers and admins), every 30 s. */
export function ApprovalCountBadge() {
  const { mode } = useSession();
  const count = useQuery({
    queryKey: approvalKeys.count(mode),
    queryFn: ({ signal }) => apiFetch(approvalCountContract, { signal }),
    refetchInterval: 30_000,
  });
  const open = count.data?.open ?? 0;
  if (open === 0) return null;
  return (
    <span
      data-testid="approval-count"
      className="ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-900"
    >
      {open}
      <span className="sr-only"> waiting</span>
    </span>
  );
}
