"use client";

import { useState } from "react";
import { usePollingStatus } from "@/components/money-movement/use-polling-status";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { RefreshFailed } from "@/components/ui/refresh-failed";
import { Skeleton } from "@/components/ui/skeleton";
import { useCan, useSession } from "@/components/session/use-session";
import { apiFetch, isApiFetchError } from "@/lib/api-fetch";
import { nigeriaKeys } from "@/features/nigeria/contracts/keys";
import { nigeriaVirtualAccountContract, type VirtualAccountDto } from "@/lib/contracts/ngn-virtual-account";
import type { Environment } from "@/lib/rails";
import { LiveOnlyState, MarketNotEnabledState } from "../nigeria-states";
import { AccountDetails } from "./account-details";
import { InboundCredits } from "./inbound-credits";
import { PayinLimits } from "./payin-limits";
import { ProvisionForm, type SubmittedSummary } from "./provision-form";
import { ProvisioningState } from "./provisioning-state";

const fetchAccount = ({ signal }: { signal: AbortSignal }) => apiFetch(nigeriaVirtualAccountContract, { signal });
const settled = (account: VirtualAccountDto) => account.state !== "provisioning";

export function VirtualAccountScreen() {
  const { mode } = useSession();
  if (mode === "test") return <LiveOnlyState />;
  return <LiveVirtualAccount mode={mode} />;
}

function LiveVirtualAccount({ mode }: { mode: Environment }) {
  const canProvision = useCan("money:write");
  // What this tab sent, masked; the card shows the account's own name and compares the two (two staff may submit at once).
  const [summary, setSummary] = useState<SubmittedSummary | null>(null);
  // Polls only while provisioning; ready, none and live_only are stable.
  const account = usePollingStatus({
    queryKey: nigeriaKeys.virtualAccount(mode),
    queryFn: fetchAccount,
    isFinal: settled,
    initialIntervalMs: 3_000,
    maxDurationMs: 15 * 60_000,
  });

  if (account.isPending) {
    return (
      <div aria-busy="true">
        <span className="sr-only">Loading the virtual account</span>
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (account.isError && isApiFetchError(account.error) && account.error.code === "market_not_enabled") return <MarketNotEnabledState />;
  // A failed refresh with an earlier answer in hand keeps the page (a form being filled in) and says so beside it.
  if (!account.data)
    return <ErrorState title="The virtual account could not be loaded." error={account.error} onRetry={() => account.refresh()} />;

  const data = account.data;
  return (
    <div className="space-y-6">
      {account.isError ? (
        <RefreshFailed what="the virtual account" error={account.error} readAt={account.dataUpdatedAt} onRetry={() => account.refresh()} />
      ) : null}
      {data.state === "live_only" ? <LiveOnlyState /> : null}
      {data.state === "ready" ? <AccountDetails account={data} /> : null}
      {data.state === "provisioning" ? (
        <ProvisioningState account={data} summary={summary} timedOut={account.timedOut} onRefresh={account.refresh} />
      ) : null}
      {data.state === "none" ? (
        canProvision ? (
          <ProvisionForm
            onProvisioned={(submitted) => {
              setSummary(submitted);
              account.refresh(); // a new polling window for the provisioning that just started
            }}
          />
        ) : (
          <EmptyState title="No virtual account yet.">An admin or finance user can provision it.</EmptyState>
        )
      ) : null}
      <PayinLimits />
      <InboundCredits />
    </div>
  );
}
