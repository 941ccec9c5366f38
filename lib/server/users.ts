import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";
import { ROLES, type Role } from "@/lib/permissions";
import { hashPassword, MIN_PASSWORD_LENGTH } from "./password";

// The staff accounts file, shared by the app (read on every request) and the
// `npm run users` CLI (writes). Writes go to a temp file and are renamed into
// place, so a reader never sees half a file.

const userSchema = z.object({
  email: z.email(),
  name: z.string().min(1),
  role: z.enum(ROLES),
  passwordHash: z.string().startsWith("scrypt$"),
  /** Bumped by every change that must end existing sessions. */
  sessionVersion: z.number().int().nonnegative(),
});
export type StaffUser = z.infer<typeof userSchema>;

const fileSchema = z.object({ users: z.array(userSchema) });
export type UsersFile = z.infer<typeof fileSchema>;

export class UsersFileError extends Error {
  override name = "UsersFileError";
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function readUsers(file: string): Promise<UsersFile> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { users: [] };
    throw err;
  }
  const parsed = fileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new UsersFileError(`The users file ${file} is malformed: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}

export async function writeUsers(file: string, data: UsersFile): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  // 0600: the file holds password hashes.
  await writeFile(temp, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
  await rename(temp, file);
}

export async function findUser(file: string, email: string): Promise<StaffUser | undefined> {
  const target = normalizeEmail(email);
  return (await readUsers(file)).users.find((user) => user.email === target);
}

export function assertPasswordStrength(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw new UsersFileError(`Passwords need at least ${MIN_PASSWORD_LENGTH} characters.`);
}

/** Read-modify-write of one user; throws if the user is missing. Every call ends the user's sessions. */
async function updateUser(file: string, email: string, change: (user: StaffUser) => Partial<StaffUser>): Promise<StaffUser> {
  const data = await readUsers(file);
  const target = normalizeEmail(email);
  const index = data.users.findIndex((user) => user.email === target);
  const current = data.users[index];
  if (!current) throw new UsersFileError(`No user ${target}.`);
  const updated = { ...current, ...change(current), sessionVersion: current.sessionVersion + 1 };
  data.users[index] = updated;
  await writeUsers(file, data);
  return updated;
}

export async function addUser(file: string, input: { email: string; name: string; role: Role; password: string }): Promise<StaffUser> {
  assertPasswordStrength(input.password);
  const data = await readUsers(file);
  const email = normalizeEmail(input.email);
  if (!z.email().safeParse(email).success) throw new UsersFileError(`${email} is not an email address.`);
  if (data.users.some((user) => user.email === email)) throw new UsersFileError(`${email} already exists.`);
  const user: StaffUser = { email, name: input.name, role: input.role, passwordHash: await hashPassword(input.password), sessionVersion: 1 };
  data.users.push(user);
  await writeUsers(file, data);
  return user;
}

export async function removeUser(file: string, email: string): Promise<void> {
  const data = await readUsers(file);
  const target = normalizeEmail(email);
  const remaining = data.users.filter((user) => user.email !== target);
  if (remaining.length === data.users.length) throw new UsersFileError(`No user ${target}.`);
  await writeUsers(file, { users: remaining });
}

export function setRole(file: string, email: string, role: Role): Promise<StaffUser> {
  return updateUser(file, email, () => ({ role }));
}

export async function setPassword(file: string, email: string, password: string): Promise<StaffUser> {
  assertPasswordStrength(password);
  const passwordHash = await hashPassword(password);
  return updateUser(file, email, () => ({ passwordHash }));
}

export function signOutEverywhere(file: string, email: string): Promise<StaffUser> {
  return updateUser(file, email, () => ({}));
}
