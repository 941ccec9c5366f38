// Two-factor sign-in, enrolment and step-up (browser-safe). Issue 19.
import type { RedirectDto } from "./auth";
import { contract } from "./contract";

/** The second step of sign-in, after the password: a code from the app, or a recovery code. */
export const secondFactorSignInContract = contract<RedirectDto>()({
  method: "POST",
  path: () => "/api/auth/second-factor",
  input: () => import("./inputs/second-factor").then((m) => m.codeWithReturnToInput),
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
export const enrolmentStartContract = contract<EnrolmentDto>()({
  method: "POST",
  path: () => "/api/auth/enrolment",
  input: () => import("./inputs/second-factor").then((m) => m.enrolmentStartInput),
});

/** Shown once: the ten recovery codes. */
export type EnrolledDto = { recoveryCodes: string[]; redirectTo: string };
export const enrolmentConfirmContract = contract<EnrolledDto>()({
  method: "POST",
  path: () => "/api/auth/enrolment/confirm",
  input: () => import("./inputs/second-factor").then((m) => m.codeWithReturnToInput),
});

/** A fresh second-factor check for what moves money or changes access; good until `until` (ISO). */
export type StepUpDto = { until: string };
export const stepUpContract = contract<StepUpDto>()({
  method: "POST",
  path: () => "/api/auth/step-up",
  input: () => import("./inputs/second-factor").then((m) => m.codeInput),
});
