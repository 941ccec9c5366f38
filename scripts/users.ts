// Staff accounts CLI: npm run users -- <command> …
// Runs under `tsx --conditions=react-server` (see package.json) so the
// "server-only" marker of lib/server resolves to its empty build outside Next.
import { userInfo } from "node:os";
import type { Kysely, Transaction } from "kysely";
import { appendInTransaction } from "@/lib/server/audit/log";
import { isRole, ROLES } from "@/lib/permissions";
import { MigrationFailedError, UnknownMigrationError } from "@/lib/server/db/migrate";
import type { Database } from "@/lib/server/db/schema";
import { UsersFileError } from "@/lib/server/db/users-import";
import { demoCode } from "@/lib/server/demo-users";
import { EnvError } from "@/lib/server/env";
import { enrolFromCli, resetSecondFactor } from "@/lib/server/second-factor/cli-enrolment";
import {
  addUser,
  deactivateUser,
  findUser,
  listUsers,
  reactivateUser,
  removeUser,
  setPassword,
  setRole,
  signOutEverywhere,
  UserStoreError,
} from "@/lib/server/users";
import { CliDatabaseError, openCliDatabase } from "./db/cli-database";
import { auditKeyForCli } from "./audit-key";
import { mfaEncryptionKey } from "./mfa-key";

const USAGE = `Usage: npm run users -- <command>
  list
  add <email> <role> [name]          password from stdin or DASHBOARD_PASSWORD
  passwd <email>                     password from stdin or DASHBOARD_PASSWORD
  set-role <email> <role>
  remove <email>
  deactivate <email>                 ends every session; the account can no longer sign in (kept, with its trail)
  reactivate <email>
  sign-out-everywhere <email>
  mfa-enrol <email>                  a TOTP factor without the browser; prints its otpauth:// URI
                                     and ten recovery codes once (needs MFA_ENCRYPTION_KEY)
  mfa-reset <email>                  removes the factor (a lost phone); the next sign-in enrols again
  code <email>                       the current TOTP code of an account \`npm run demo\` created
                                     (refuses any other account)
Roles: ${ROLES.join(", ")}.
Database: DATABASE_URL, or else the embedded one DATABASE_EMBEDDED names (default: \`npm run demo\`'s, .data/pg).
Changes are recorded in the audit trail, chained with AUDIT_KEY (as for the dashboard).`;

async function readPassword(): Promise<string> {
  if (process.env.DASHBOARD_PASSWORD) return process.env.DASHBOARD_PASSWORD;
  if (process.stdin.isTTY) process.stderr.write("Password (input is shown; pipe it in to hide it): ");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    // Interactive use: the first line is the password.
    if (process.stdin.isTTY && chunk.toString().includes("\n")) break;
  }
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
}

function role(value: string | undefined) {
  if (!isRole(value)) throw new UserStoreError(`Role must be one of ${ROLES.join(", ")}.`);
  return value;
}

function required(value: string | undefined, what: string): string {
  if (!value) throw new UserStoreError(`Missing ${what}.\n\n${USAGE}`);
  return value;
}

/** What a command prints: said only once its change (and the change's audit entry) committed. */
type Output = string[];

/**
 * Runs a command inside the transaction its audit entry joins; a change may answer details for
 * that entry (set-role: the role it replaced). `password` is read before the transaction opens.
 */
async function run(
  db: Kysely<Database>,
  { local, password, out }: { local: boolean; password: string | undefined; out: Output },
  command: string,
  email: string | undefined,
  rest: string[],
): Promise<Record<string, string | null> | void> {
  const log = (line: string) => void out.push(line);
  switch (command) {
    case "list": {
      const users = await listUsers(db);
      if (users.length === 0) log("No staff users yet.");
      for (const user of users) log(`${user.email}\t${user.role}\t${user.name}`);
      return;
    }
    case "add": {
      const userRole = role(rest[0]);
      const address = required(email, "email");
      await addUser(db, {
        email: address,
        role: userRole,
        name: rest.slice(1).join(" ") || address,
        password: required(password, "password"),
      });
      log(`Added ${address} (${userRole}).`);
      return;
    }
    case "passwd":
      await setPassword(db, required(email, "email"), required(password, "password"));
      log("Password changed; existing sessions ended.");
      return;
    case "set-role": {
      const address = required(email, "email");
      const from = (await findUser(db, address))?.role ?? null;
      await setRole(db, address, role(rest[0]));
      log("Role changed; existing sessions ended.");
      return { from };
    }
    case "remove":
      await removeUser(db, required(email, "email"));
      log("Removed.");
      return;
    case "deactivate":
      await deactivateUser(db, required(email, "email"));
      log("Deactivated; every session of this user has ended.");
      return;
    case "reactivate":
      await reactivateUser(db, required(email, "email"));
      log("Reactivated: this user can sign in again.");
      return;
    case "sign-out-everywhere":
      await signOutEverywhere(db, required(email, "email"));
      log("Every session of this user has ended.");
      return;
    case "mfa-enrol": {
      const { uri, recoveryCodes } = await enrolFromCli(db, required(email, "email"), mfaEncryptionKey());
      log(`TOTP enrolled. Add it to an authenticator app (shown once):\n${uri}\n\nRecovery codes (shown once, each good once):`);
      for (const code of recoveryCodes) log(code);
      return;
    }
    case "code":
      log(await demoCode(db, required(email, "email"), mfaEncryptionKey(local)));
      return;
    case "mfa-reset":
      await resetSecondFactor(db, required(email, "email"));
      log("Second factor removed and every session ended; the next sign-in asks to enrol again.");
      return;
  }
}

const COMMANDS = new Set([
  "list",
  "add",
  "passwd",
  "set-role",
  "remove",
  "deactivate",
  "reactivate",
  "sign-out-everywhere",
  "mfa-enrol",
  "mfa-reset",
  "code",
]);

/** Commands that change nothing, hence no audit entry. */
const READS = new Set(["list", "code"]);

/**
 * Every staff change is in the audit trail, the CLI's too: who ran it (the operating-system
 * user), on which account, and the new role where there is one. Never the password.
 */
async function auditStaffChange(
  trx: Transaction<Database>,
  command: string,
  email: string | undefined,
  rest: string[],
  extra: Record<string, string | null>,
  key: string,
): Promise<void> {
  await appendInTransaction(
    trx,
    {
      actor: { kind: "cli", id: userInfo().username },
      action: `staff.${command}`,
      targetIds: email ? [email.trim().toLowerCase()] : [],
      result: "ok",
      details: command === "add" || command === "set-role" ? { role: rest[0] ?? null, ...extra } : {},
    },
    key,
  );
}

/** The audit entry could not be written, so the change it records was rolled back with it. */
class UnauditedChangeError extends Error {
  override name = "UnauditedChangeError";
}

/** Commands that read a password (stdin or DASHBOARD_PASSWORD), before any transaction is open. */
const TAKES_PASSWORD = new Set(["add", "passwd"]);

async function main(args: string[]): Promise<void> {
  const [command, email, ...rest] = args;
  if (command === undefined || !COMMANDS.has(command)) {
    console.log(USAGE);
    if (command !== undefined && command !== "help") process.exitCode = 1;
    return;
  }
  const { db, local, demo } = await openCliDatabase("users");
  try {
    // Before anything changes: a change whose entry cannot be chained is not made.
    const auditKey = READS.has(command) ? "" : auditKeyForCli(demo);
    const password = TAKES_PASSWORD.has(command) ? await readPassword() : undefined;
    const out: Output = [];
    // The change and its audit entry commit together or not at all: a change with no entry (the
    // trail unreachable, Ctrl-C between two transactions) would be a staff change nobody can see.
    await db.transaction().execute(async (trx) => {
      const details = await run(trx, { local, password, out }, command, email, rest);
      if (!READS.has(command)) {
        await auditStaffChange(trx, command, email, rest, details ?? {}, auditKey).catch((err: unknown) => {
          const reason = err instanceof Error ? err.message : String(err);
          throw new UnauditedChangeError(`Nothing was changed: the audit entry could not be written (${reason}).`);
        });
      }
    });
    for (const line of out) console.log(line);
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  // The failures an operator can act on get their message alone; anything else keeps its stack.
  const expected = [
    UnauditedChangeError,
    UserStoreError,
    UsersFileError,
    CliDatabaseError,
    EnvError,
    UnknownMigrationError,
    MigrationFailedError,
  ].some((type) => err instanceof type);
  console.error(expected ? (err as Error).message : err);
  process.exitCode = 1;
});
