// /account: one's own sessions and second factor (browser-safe). Issue 19.
import * as z from "zod/mini";
import { contract, NO_INPUT } from "./contract";

export type AccountSessionDto = {
  id: string;
  /** This browser's session. */
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  clientAddress: string;
  userAgent: string;
};

export type AccountDto = {
  sessions: AccountSessionDto[];
  secondFactor: { enrolled: boolean; required: boolean; recoveryCodesLeft: number };
};

export const accountKeys = { all: ["account"] as const };

export const accountContract = contract<AccountDto>()({ method: "GET", path: () => "/api/account", input: NO_INPUT });

/** Ends one of one's own sessions (this one included: that is a sign-out). */
export const endSessionContract = contract<{ ended: true }>()({
  method: "POST",
  path: () => "/api/account/sessions/end",
  input: z.object({ id: z.string().check(z.regex(/^[0-9a-f-]{36}$/, "Not a session id.")) }),
});
