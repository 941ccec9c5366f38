"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { accountQueryOptions } from "./account-queries";
import { SessionsList } from "./sessions-list";

export function AccountScreen() {
  const account = useQuery(accountQueryOptions());
  if (account.isPending) return <Skeleton className="h-48" />;
  if (account.isError)
    return <ErrorState title="Your account could not be loaded." error={account.error} onRetry={() => void account.refetch()} />;
  const { sessions, secondFactor } = account.data;
  return (
    <div className="space-y-4">
      <SessionsList sessions={sessions} enrolled={secondFactor.enrolled} />
      <section aria-labelledby="second-factor-heading" className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800">
        <h2 id="second-factor-heading" className="text-lg font-semibold text-slate-900">
          Two-factor sign-in
        </h2>
        <p className="mt-1" data-testid="second-factor-state">
          {secondFactor.enrolled
            ? `On: each sign-in asks for a code from your authenticator app. ${secondFactor.recoveryCodesLeft} recovery codes left.`
            : secondFactor.required
              ? "Your role needs it, and it is not set up yet."
              : "Off: a password alone signs you in."}
        </p>
        {secondFactor.enrolled ? null : (
          <Link href="/sign-in/enrol?returnTo=%2Faccount" className="mt-2 inline-block font-medium text-indigo-800 underline">
            Set up two-factor sign-in
          </Link>
        )}
      </section>
    </div>
  );
}
