// Two-factor sign-in, enrolment and step-up (browser-safe). Issue 19.
import * as z from "zod/mini";
import type { RedirectDto } from "./auth";
import { contract, NO_INPUT } from "./contract";

/** What a person types: a 6-digit TOTP code or a recovery code ("abcde-fghij"); spaces are fine. */
export const codeSchema = z.string().check(z.trim(), z.minLength(1, "Enter the code"), z.maxLength(32, "That is not a code."));

const codeInput = z.object({ code: codeSchema });

/** The second step of sign-in, after the password: a code from the app, or a recovery code. */
export const secondFactorSignInContract = contract<RedirectDto>()({
  method: "POST",
  path: () => "/api/auth/second-factor",
  input: z.object({ code: codeSchema, returnTo: z.optional(z.string().check(z.maxLength(2048))) }),
});

/** A new TOTP secret for this session's enrolment (replacing any earlier one not yet confirmed). */
export type EnrolmentDto = {
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: string;
  /** otpauth://totp/… as the QR code holds it. */
  uri: string;
  /** The QR code as an SVG document (server-made: no QR library in the browser). */
  qrSvg: string;
};
export const enrolmentStartContract = contract<EnrolmentDto>()({ method: "POST", path: () => "/api/auth/enrolment", input: NO_INPUT });

/** Shown once: the ten recovery codes. */
export type EnrolledDto = { recoveryCodes: string[]; redirectTo: string };
export const enrolmentConfirmContract = contract<EnrolledDto>()({
  method: "POST",
  path: () => "/api/auth/enrolment/confirm",
  input: z.object({ code: codeSchema, returnTo: z.optional(z.string().check(z.maxLength(2048))) }),
});

/** A fresh second-factor check for what moves money or changes access; good until `until` (ISO). */
export type StepUpDto = { until: string };
export const stepUpContract = contract<StepUpDto>()({ method: "POST", path: () => "/api/auth/step-up", input: codeInput });
