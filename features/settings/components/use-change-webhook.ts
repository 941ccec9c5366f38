"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSession } from "@/components/session/use-session";
import { changeWebhook, settingsQueryOptions } from "./settings-queries";

export function useChangeWebhook() {
  const { mode } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeWebhook,
    // Read back from GET /v1/me rather than trusting our own copy of the URL; after a refusal too:
    // another admin's change (changed_since_read) or a change with no answer may have moved it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQueryOptions(mode).queryKey }),
  });
}
