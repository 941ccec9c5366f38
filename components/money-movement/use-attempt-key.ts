"use client";

import { useCallback } from "react";
import { useSessionMemory } from "./session-memory";

// For money writes that carry no merchant id (pay-ins): one random attempt key
// per reviewed body. The key is kept (per tab, sessionStorage) together with a
// SHA-256 fingerprint of the body, never the body itself: confirming the same
// body again, after a retry or a refresh, reuses the key and the API replays
// the first answer; a changed body gets a new key instead of a 409.

type RememberedAttempt = { key: string; fingerprint: string };

function isRememberedAttempt(value: unknown): value is RememberedAttempt {
  const v = value as RememberedAttempt | null;
  return typeof v?.key === "string" && typeof v.fingerprint === "string";
}

async function fingerprintOf(body: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function useAttemptKey(memoryKey: string) {
  const [remembered, remember] = useSessionMemory(memoryKey, isRememberedAttempt);

  const keyFor = useCallback(
    async (body: unknown): Promise<string> => {
      const fingerprint = await fingerprintOf(body);
      if (remembered?.fingerprint === fingerprint) return remembered.key;
      const key = crypto.randomUUID();
      remember({ key, fingerprint });
      return key;
    },
    [remembered, remember],
  );

  /** After a definitive answer (created, or refused for funds/conflict) the next attempt starts fresh. */
  const forget = useCallback(() => remember(null), [remember]);
  return { keyFor, forget };
}
