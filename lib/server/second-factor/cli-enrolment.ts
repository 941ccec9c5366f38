import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { findUser, signOutEverywhere, UserStoreError } from "../users";
import { newRecoveryCodes, recoveryCodeHash } from "./recovery-codes";
import { sealTotpSecret } from "./seal";
import { hasSecondFactor, removeSecondFactor, saveEnrolment } from "./second-factor-store";
import { newTotpKey, totpUri } from "./totp";

// The users CLI's two-factor commands: `mfa-enrol` for the first admin and for automation
// (no browser), `mfa-reset` for a lost phone. Whoever runs them has the server's database and
// MFA_ENCRYPTION_KEY, so no code is asked for.

export async function enrolFromCli(db: Kysely<Database>, email: string, encryptionKey: string) {
  const user = await findUser(db, email);
  if (!user) throw new UserStoreError(`No user ${email.trim().toLowerCase()}.`);
  const replacing = await hasSecondFactor(db, user.email);
  const key = newTotpKey();
  const recoveryCodes = newRecoveryCodes();
  await saveEnrolment(db, user.email, {
    sealedSecret: sealTotpSecret(key, user.email, encryptionKey),
    usedStep: null,
    recoveryHashes: recoveryCodes.map(recoveryCodeHash),
  });
  // Replacing a factor is mfa-reset and a new one in one step: the sessions the old one opened end, as after a reset.
  if (replacing) await signOutEverywhere(db, user.email);
  return { uri: totpUri(key, user.email), recoveryCodes };
}

export async function resetSecondFactor(db: Kysely<Database>, email: string): Promise<void> {
  const user = await findUser(db, email);
  if (!user) throw new UserStoreError(`No user ${email.trim().toLowerCase()}.`);
  await removeSecondFactor(db, user.email);
  // A lost phone may be in someone else's hands, with a session open: every session ends too.
  await signOutEverywhere(db, user.email);
}
