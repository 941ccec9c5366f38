"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { apiFetch } from "@/lib/api-fetch";
import type { Environment } from "@/lib/rails";
import { sessionQueryKey, type SessionDto } from "./session-query";

/** PUT /api/session/mode, then drop every cached figure: test and live are different wallets. */
export function useSwitchMode() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: (mode: Environment) => apiFetch<unknown>("/api/session/mode", { method: "PUT", json: { mode } }),
    onSuccess: async (_result, mode) => {
      queryClient.setQueryData<SessionDto>(sessionQueryKey, (old) => (old ? { ...old, mode } : old));
      // Mode-keyed queries refetch on their own; the rest (and server components) must not keep the other mode's data.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      router.refresh();
    },
  });
}
