import "server-only";
import type { AnyContract } from "@/lib/contracts/contract";
import type { SessionContext } from "../bff";
import { clientAddress } from "../client-address";
import type { WriteContext } from "./pipeline";

/**
 * The pipeline's context from a route's: the session's client and mode, and who
 * asks. Staff accounts have no id of their own yet, so the email (unique, and
 * what the beneficiary token binds) stands in for it.
 */
export function writeContextOf({
  client,
  session,
  requestId,
  request,
}: Pick<SessionContext<AnyContract>, "client" | "session" | "requestId" | "request">): WriteContext {
  const { email, role } = session.user;
  return { client, mode: session.mode, actor: { id: email, email, role }, requestId, clientAddress: clientAddress(request.headers) };
}
