"use client";

import { useQuery } from "@tanstack/react-query";
import { useSession } from "@/components/session/use-session";
import { ErrorState } from "@/components/ui/error-state";
import { RefreshFailed } from "@/components/ui/refresh-failed";
import { LoadingBlock } from "@/components/ui/loading-block";
import { MerchantCard } from "./merchant-card";
import { settingsQueryOptions } from "./settings-queries";
import { WebhookCard } from "./webhook-card";

export function SettingsScreen() {
  const { mode } = useSession();
  const settings = useQuery(settingsQueryOptions(mode));
  if (settings.isPending) return <LoadingBlock label="Loading settings" className="h-48 w-full" />;
  // Only with no answer at all: a failed refresh (the tab coming back) keeps the webhook URL being typed.
  if (!settings.data)
    return <ErrorState title="Settings could not be loaded." error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <div className="space-y-6">
      {settings.isError ? (
        <RefreshFailed what="the settings" error={settings.error} readAt={settings.dataUpdatedAt} onRetry={() => void settings.refetch()} />
      ) : null}
      <MerchantCard merchant={settings.data} />
      <WebhookCard current={settings.data.webhookUrl} history={settings.data.webhookHistory} />
    </div>
  );
}
