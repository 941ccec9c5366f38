// /account: one's own sessions and second factor (browser-safe). Issue 19.
import { contract } from "@/lib/contracts/contract";

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

export const accountContract = contract<AccountDto>()({ method: "GET", path: () => "/api/account" });

/** Ends one of one's own sessions (this one included: that is a sign-out). */
export const endSessionContract = contract<{ ended: true }>()({
  method: "POST",
  path: () => "/api/account/sessions/end",
  input: () => import("./schemas").then((m) => m.endSessionInputSchema),
});

/** Signs out every one of one's sessions but this browser's (issue 54). */
export const endOtherSessionsContract = contract<{ ended: number }>()({
  method: "POST",
  path: () => "/api/account/sessions/end-others",
  input: () => import("./schemas").then((m) => m.endOtherSessionsInputSchema),
});

/** What one is told at one's next sign-in (an account's code step blocked), until dismissed. Issue 54. */
export type NoticeDto = { id: string; message: string; createdAt: string };

export const dismissNoticeContract = contract<{ dismissed: true }>()({
  method: "POST",
  path: () => "/api/account/notices/dismiss",
  input: () => import("./schemas").then((m) => m.dismissNoticeInputSchema),
});
