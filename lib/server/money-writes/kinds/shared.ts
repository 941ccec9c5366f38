import "server-only";
import type { PaymentsClient } from "@/lib/payments";
import { PaymentsApiError } from "@/lib/payments/errors";
import type { WriteRecord } from "../ledger";
import type { FoundWrite, WriteAdapter } from "../pipeline";
import type { WriteKind } from "../write-kinds";

export const createdId = (answer: { transactionId: string }): string => answer.transactionId;

/**
 * For rails the API cannot search by reference: a GET by id when the ledger has
 * the id (a 404 says it is gone, e.g. a reset sandbox), else nothing is known yet.
 */
async function findById(known: WriteRecord | undefined, read: (id: string) => Promise<unknown>): Promise<FoundWrite> {
  if (!known?.transactionId) return { state: "not_known" };
  try {
    await read(known.transactionId);
    return { state: "created", transactionId: known.transactionId };
  } catch (error) {
    if (error instanceof PaymentsApiError && error.code === "not_found") return { state: "absent" };
    throw error;
  }
}

type BodyWriteSpec<Input, Body, Answer, Result> = Pick<WriteAdapter<Input, Body, Answer, Result>, "reference" | "send" | "present"> & {
  rail: WriteKind;
  /** The record's own GET, to confirm a write the ledger has an id for. */
  read: (client: PaymentsClient, id: string) => Promise<unknown>;
};

/** A rail whose submission carries the reviewed body, sent upstream exactly as the browser sent it (pay-ins, payouts). */
export function bodyWrite<Input extends { body: Body }, Body, Answer extends { transactionId: string }, Result>({
  rail,
  reference,
  send,
  present,
  read,
}: BodyWriteSpec<Input, Body, Answer, Result>): WriteAdapter<Input, Body, Answer, Result> {
  return {
    rail,
    reference,
    prepare: (input) => input.body,
    send,
    transactionId: createdId,
    present,
    find: (_reference, known, { client }) => findById(known, (id) => read(client, id)),
  };
}
