"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import { balancesKeys } from "@/lib/contracts/balances";
import { useSessionMemory } from "./session-memory";
import { writeErrorKind } from "./write-error";

/** What survives a refresh of a write in progress: its idempotency id and, once known, the created record's id. */
export type RememberedWrite = { id: string; startedAt: number; resultId?: string };

function isRememberedWrite(value: unknown): value is RememberedWrite {
  const v = value as RememberedWrite | null;
  return typeof v?.id === "string" && typeof v.startedAt === "number" && (v.resultId === undefined || typeof v.resultId === "string");
}

type Options<V, R> = {
  /** sessionStorage slot for this kind of write (per tab). */
  memoryKey: string;
  /** The value the Idempotency-Key derives from (a merchantReference, an attempt key). */
  idOf: (variables: V) => string;
  resultIdOf: (result: R) => string | undefined;
  send: (variables: V) => Promise<R>;
};

/**
 * One money write at a time, safe to click twice: a ref lock drops a second
 * call before React re-renders, the same idempotency id travels on every
 * retry, and the id (never the body) is remembered so that after a refresh the
 * page can ask whether the write happened. Balances refresh after every write
 * that may have moved money.
 */
export function useIdempotentSubmit<V, R>({ memoryKey, idOf, resultIdOf, send }: Options<V, R>) {
  const queryClient = useQueryClient();
  const lock = useRef(false);
  const [remembered, remember] = useSessionMemory(memoryKey, isRememberedWrite);
  const mutation = useMutation({ mutationFn: send });

  const submit = useCallback(
    async (variables: V): Promise<R | undefined> => {
      if (lock.current) return undefined;
      lock.current = true;
      const id = idOf(variables);
      remember({ id, startedAt: Date.now() });
      try {
        const result = await mutation.mutateAsync(variables);
        remember({ id, startedAt: Date.now(), resultId: resultIdOf(result) });
        return result;
      } catch (error) {
        // A definitive refusal moved nothing; an unknown outcome stays remembered for the check.
        if (writeErrorKind(error) !== "unknown_outcome") remember(null);
        throw error;
      } finally {
        lock.current = false;
        void queryClient.invalidateQueries({ queryKey: balancesKeys.all });
      }
    },
    [idOf, mutation, queryClient, remember, resultIdOf],
  );

  return {
    submit,
    submitting: mutation.isPending,
    error: mutation.error,
    resetError: mutation.reset,
    /** A write from before a refresh (or an unanswered one): its id, and its result id if it came back. */
    remembered,
    /** Record what a later lookup found, or forget the write once the operator has moved on. */
    remember,
  };
}
