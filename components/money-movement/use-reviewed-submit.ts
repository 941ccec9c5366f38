"use client";

import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { balancesKeys } from "@/lib/contracts/balances";
import { newReference, type ReferencePrefix } from "@/lib/references";
import { rememberIfAbsent, useSessionMemory } from "./session-memory";
import { isFinalRefusal, writeErrorKind } from "./write-error";

/**
 * What survives a refresh (per tab, never the body): the write's reference,
 * when it was sent, and the created record's id once known.
 */
export type RememberedWrite = { reference: string; sentAt?: number; resultId?: string };

/** Said when a form would send a write with another reference while an earlier one's outcome is open. */
export function unsettledWriteMessage(noun: string, earlier: RememberedWrite): string {
  return `The earlier ${noun} from this tab (reference ${earlier.reference}) may have been created. Check it in the box above, or dismiss it there, before sending another ${noun}.`;
}

function isRememberedWrite(value: unknown): value is RememberedWrite {
  const v = value as RememberedWrite | null;
  return (
    typeof v?.reference === "string" &&
    (v.sentAt === undefined || typeof v.sentAt === "number") &&
    (v.resultId === undefined || typeof v.resultId === "string")
  );
}

type Options<V, R> = {
  /** sessionStorage slot for this form (per tab), including the mode. */
  memoryKey: string;
  /** For the references this form makes (lib/references.ts). */
  prefix: ReferencePrefix;
  /** The reference a submission carries (the operator may have typed their own). */
  referenceOf: (variables: V) => string;
  resultIdOf: (result: R) => string | undefined;
  send: (variables: V) => Promise<R>;
  /** Lists a settled write may have changed, besides the balances. */
  invalidates?: QueryKey;
};

/**
 * The one hook for reviewed money writes, every rail: one reference per write, kept across retries
 * and a refresh (so one Idempotency-Key), one submission at a time (a ref drops a second click),
 * and a note that it was sent, so a refreshed page asks whether it exists. `startAgain` resets.
 */
export function useReviewedSubmit<V, R>({ memoryKey, prefix, referenceOf, resultIdOf, send, invalidates }: Options<V, R>) {
  const queryClient = useQueryClient();
  const lock = useRef(false);
  const [remembered, remember] = useSessionMemory(memoryKey, isRememberedWrite);
  const mutation = useMutation({ mutationFn: send });

  // Made after mount: the server render has no sessionStorage, and a remembered reference wins.
  useEffect(
    () => rememberIfAbsent(memoryKey, isRememberedWrite, () => ({ reference: newReference(prefix) })),
    [memoryKey, prefix, remembered],
  );

  const submit = useCallback(
    async (variables: V): Promise<R | undefined> => {
      if (lock.current) return undefined;
      lock.current = true;
      const sent = { reference: referenceOf(variables), sentAt: Date.now() };
      remember(sent);
      try {
        const result = await mutation.mutateAsync(variables);
        remember({ ...sent, resultId: resultIdOf(result) });
        return result;
      } catch (error) {
        // Refused before anything was stored: the reference is still this form's, unsent.
        // A final refusal and an unknown outcome stay remembered as sent, for the check after a refresh.
        const kind = writeErrorKind(error);
        if (kind !== "unknown_outcome" && !isFinalRefusal(kind)) remember({ reference: sent.reference });
        throw error;
      } finally {
        lock.current = false;
        void queryClient.invalidateQueries({ queryKey: balancesKeys.all });
        if (invalidates) void queryClient.invalidateQueries({ queryKey: invalidates });
      }
    },
    [invalidates, mutation, queryClient, referenceOf, remember, resultIdOf],
  );

  const startAgain = useCallback(() => {
    mutation.reset();
    remember({ reference: newReference(prefix) });
  }, [mutation, prefix, remember]);

  const unsettledBesides = useCallback(
    (reference: string): RememberedWrite | null =>
      remembered?.sentAt !== undefined && remembered.resultId === undefined && remembered.reference !== reference ? remembered : null,
    [remembered],
  );

  const found = useCallback(
    (resultId: string) => {
      if (remembered) remember({ ...remembered, resultId });
    },
    [remember, remembered],
  );

  return {
    /** This write's reference; null until mounted. */
    reference: remembered?.reference ?? null,
    /** A write this tab sent (before a refresh, or left unanswered), for "was it created?". */
    sent: remembered?.sentAt !== undefined ? remembered : null,
    submit,
    submitting: mutation.isPending,
    error: mutation.error,
    resetError: mutation.reset,
    /**
     * The write this tab sent whose outcome is still open, when `reference` is another one:
     * sending that would make a second write while the first may exist. The form refuses to
     * review it until the earlier one is found, or dismissed by the operator.
     */
    unsettledBesides,
    /** The earlier write was found: its id. */
    found,
    /** The write is over (created, refused for good, or dismissed): the next one gets a new reference. */
    startAgain,
  };
}
