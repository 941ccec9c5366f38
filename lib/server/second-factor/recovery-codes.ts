import "server-only";
import { createHash, randomBytes } from "node:crypto";

// Ten single-use recovery codes per enrolment, shown once. Each is 10 base32 characters
// (50 random bits) shown as "abcde-fghij"; only a SHA-256 of its normalized form is kept (a
// slow hash adds nothing to 50 random bits, and the throttle bounds guessing).

const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((byte) => ALPHABET[byte % 32]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Case, spaces and dashes as typed do not matter. */
function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, "");
}

export const looksLikeRecoveryCode = (typed: string) => /^[a-z2-7]{10}$/.test(normalizeRecoveryCode(typed));

export function recoveryCodeHash(typed: string): string {
  return createHash("sha256").update(normalizeRecoveryCode(typed)).digest("hex");
}
