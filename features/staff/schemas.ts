// The input schemas of features/staff/contracts.ts: the BFF loads them (lib/contracts/contract.ts
// says why), the staff page's forms check with them too. The store (lib/server/users.ts,
// lib/server/staff-tokens.ts) checks again, with the same words, for the users CLI.
import * as z from "zod/mini";
import { printable } from "@/lib/contracts/inputs/printable";
import { MAX_PASSWORD_LENGTH } from "@/lib/contracts/inputs/auth";
import { ROLES } from "@/lib/permissions";
import { NAME_MAX_LENGTH, REASON_MAX_LENGTH } from "./limits";

const roleSchema = z.enum(ROLES, { error: `Choose one of the roles: ${ROLES.join(", ")}` });

const reasonSchema = z
  .string({ error: "Say why" })
  .check(
    z.trim(),
    z.minLength(3, "Say why, in a few words (the audit trail keeps it)"),
    z.maxLength(REASON_MAX_LENGTH, `A reason has at most ${REASON_MAX_LENGTH} characters`),
    printable(),
  );

export const staffQuerySchema = z.object({
  role: z.optional(z.enum(ROLES)),
  status: z.optional(z.enum(["invited", "active", "deactivated"])),
});

export const inviteSchema = z.object({
  email: z.string().check(z.trim(), z.maxLength(320, "An email address has at most 320 characters"), z.email("Enter an email address")),
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Enter the person's name"),
      z.maxLength(NAME_MAX_LENGTH, `A name has at most ${NAME_MAX_LENGTH} characters`),
      z.regex(/^[^<>]*$/, "A name cannot hold < or >"),
      printable(),
    ),
  role: roleSchema,
});

const STAFF_ACTIONS = ["set_role", "deactivate", "reactivate", "end_sessions", "reset_factor", "reset_password"] as const;

export const staffActionSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(320)),
  action: z.enum(STAFF_ACTIONS, { error: "Unknown action" }),
  role: z.optional(roleSchema),
  reason: reasonSchema,
});

export const invitationActionSchema = z.object({
  id: z.string().check(z.regex(/^\d{1,18}$/, "Unknown invitation")),
  action: z.enum(["confirm", "revoke"], { error: "Unknown action" }),
  reason: reasonSchema,
});

export const linkPasswordSchema = z.object({
  token: z.string().check(z.maxLength(100)),
  password: z.string().check(z.minLength(1, "Enter a password"), z.maxLength(MAX_PASSWORD_LENGTH)),
});

export const sameInviterSchema = z.object({
  a: z.string().check(z.trim(), z.minLength(1), z.maxLength(320)),
  b: z.string().check(z.trim(), z.minLength(1), z.maxLength(320)),
});
