"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { apiFetch } from "@/lib/api-fetch";
import { sessionKeys, sessionModeContract, type SessionDto } from "@/lib/contracts/session";
import type { Environment } from "@/lib/rails";
import { expectModeSwitch } from "@/lib/shown-mode";

/** PUT /api/session/mode, then drop every cached figure: test and live are different wallets. */
export function useSwitchMode() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: (mode: Environment) => apiFetch(sessionModeContract, { body: { mode } }),
    onSuccess: async (_result, mode) => {
      // This tab's own choice: its pages start afresh in the new mode with no "switched elsewhere" notice.
      expectModeSwitch(mode);
      queryClient.setQueryData<SessionDto>(sessionKeys.all, (old) => (old ? { ...old, mode } : old));
      // Nothing cached is fresh any more. Nothing is refetched here: the page mounts afresh in the new
      // mode (ModeScope) and reads what it shows then; a refetch now would state the old mode, and the
      // BFF refuses a request from a page that shows another mode than the session's.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0], refetchType: "none" });
      router.refresh();
    },
  });
}
