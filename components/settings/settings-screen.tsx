"use client";

import { useQuery } from "@tanstack/react-query";
import { useSession } from "@/components/session/use-session";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { MerchantCard } from "./merchant-card";
import { settingsQueryOptions } from "./settings-query";
import { WebhookCard } from "./webhook-card";

export function SettingsScreen() {
  const { mode } = useSession();
  const settings = useQuery(settingsQueryOptions(mode));
  if (settings.isPending) {
    return (
      <div aria-busy="true">
        <span className="sr-only">Loading settings</span>
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (settings.isError) return <ErrorState title="Settings could not be loaded." error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <div className="space-y-6">
      <MerchantCard merchant={settings.data} />
      <WebhookCard current={settings.data.webhookUrl} />
    </div>
  );
}
