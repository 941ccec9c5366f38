// Staff accounts CLI: npm run users -- <command> …
// Runs under `tsx --conditions=react-server` (see package.json) so the
// "server-only" marker of lib/server resolves to its empty build outside Next.
import { isRole, ROLES } from "@/lib/permissions";
import { addUser, readUsers, removeUser, setPassword, setRole, signOutEverywhere, UsersFileError } from "@/lib/server/users";

const USAGE = `Usage: npm run users -- <command>
  list
  add <email> <role> [name]          password from stdin or DASHBOARD_PASSWORD
  passwd <email>                     password from stdin or DASHBOARD_PASSWORD
  set-role <email> <role>
  remove <email>
  sign-out-everywhere <email>
Roles: ${ROLES.join(", ")}. Users file: DASHBOARD_USERS_FILE (default .data/users.json).`;

const file = process.env.DASHBOARD_USERS_FILE || ".data/users.json";

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
  if (!isRole(value)) throw new UsersFileError(`Role must be one of ${ROLES.join(", ")}.`);
  return value;
}

function required(value: string | undefined, what: string): string {
  if (!value) throw new UsersFileError(`Missing ${what}.\n\n${USAGE}`);
  return value;
}

async function main(args: string[]): Promise<void> {
  const [command, email, ...rest] = args;
  switch (command) {
    case "list": {
      const { users } = await readUsers(file);
      if (users.length === 0) console.log(`No users in ${file}.`);
      for (const user of users) console.log(`${user.email}\t${user.role}\t${user.name}`);
      return;
    }
    case "add": {
      const userRole = role(rest[0]);
      const address = required(email, "email");
      await addUser(file, { email: address, role: userRole, name: rest.slice(1).join(" ") || address, password: await readPassword() });
      console.log(`Added ${address} (${userRole}).`);
      return;
    }
    case "passwd":
      await setPassword(file, required(email, "email"), await readPassword());
      console.log("Password changed; existing sessions ended.");
      return;
    case "set-role":
      await setRole(file, required(email, "email"), role(rest[0]));
      console.log("Role changed; existing sessions ended.");
      return;
    case "remove":
      await removeUser(file, required(email, "email"));
      console.log("Removed.");
      return;
    case "sign-out-everywhere":
      await signOutEverywhere(file, required(email, "email"));
      console.log("Every session of this user has ended.");
      return;
    default:
      console.log(USAGE);
      if (command !== undefined && command !== "help") process.exitCode = 1;
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof UsersFileError ? err.message : err);
  process.exitCode = 1;
});
