import "server-only";
import type { Role } from "@/lib/permissions";
import { hashPassword } from "./password";
import { readUsers, writeUsers, type StaffUser } from "./users";

export const DEMO_PASSWORD = "demo-password-123";

export const DEMO_USERS: readonly { email: string; name: string; role: Role }[] = [
  { email: "admin@demo.test", name: "Ada Admin", role: "admin" },
  { email: "finance@demo.test", name: "Fin Finance", role: "finance" },
  { email: "support@demo.test", name: "Sam Support", role: "support" },
  { email: "viewer@demo.test", name: "Vic Viewer", role: "viewer" },
];

/**
 * One demo user per role. Idempotent: an existing demo user gets the password
 * and role again (and new sessions), other users in the file are kept.
 */
export async function seedDemoUsers(file: string, password: string = DEMO_PASSWORD): Promise<readonly { email: string; role: Role }[]> {
  const data = await readUsers(file);
  for (const demo of DEMO_USERS) {
    const passwordHash = await hashPassword(password);
    const existing = data.users.find((user) => user.email === demo.email);
    const user: StaffUser = { ...demo, passwordHash, sessionVersion: (existing?.sessionVersion ?? 0) + 1 };
    data.users = existing ? data.users.map((u) => (u === existing ? user : u)) : [...data.users, user];
  }
  await writeUsers(file, data);
  return DEMO_USERS.map(({ email, role }) => ({ email, role }));
}
