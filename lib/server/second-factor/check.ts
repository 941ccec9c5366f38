import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { looksLikeRecoveryCode, recoveryCodeHash } from "./recovery-codes";
import { sealedTotpSecret, spendRecoveryCode, spendTotpStep } from "./second-factor-store";
import { looksLikeTotpCode, matchingTotpStep } from "./totp";
import { openTotpSecret } from "./seal";

export type SecondFactorCheck = "totp" | "recovery" | "wrong" | "unreadable";

/**
 * A typed code against the account's factor: six digits are a TOTP code (spent once, by its
 * step), "abcde-fghij" a recovery code (spent once). Anything else, a replay, or an account
 * without a factor is "wrong"; the caller throttles and answers one error for them all. A TOTP
 * secret this key cannot open (MFA_ENCRYPTION_KEY was changed) is "unreadable": no code can be
 * right, and it is not the person's mistake.
 */
export async function checkSecondFactor(
  db: Kysely<Database>,
  email: string,
  typed: string,
  { encryptionKey, nowMs = Date.now() }: { encryptionKey: string; nowMs?: number },
): Promise<SecondFactorCheck> {
  if (looksLikeTotpCode(typed)) {
    const sealed = await sealedTotpSecret(db, email);
    if (!sealed) return "wrong";
    let secret: Uint8Array;
    try {
      secret = openTotpSecret(sealed, email, encryptionKey);
    } catch {
      return "unreadable";
    }
    const step = matchingTotpStep(secret, typed, nowMs);
    return step !== null && (await spendTotpStep(db, email, step)) ? "totp" : "wrong";
  }
  if (looksLikeRecoveryCode(typed)) return (await spendRecoveryCode(db, email, recoveryCodeHash(typed))) ? "recovery" : "wrong";
  return "wrong";
}
