import "server-only";
import { sql, type Kysely } from "kysely";

// The app's login role gets its rights from console_app (migration 0017): every table but the audit
// trail's in full, INSERT and SELECT on audit_log. It is made a member by the migrating role once;
// where that role may not grant it, an administrator does (README "Deployment").

const APP_ROLE = "console_app";

/** The app's role cannot be given its rights here: what an administrator must run. */
export class RuntimeRoleError extends Error {
  override name = "RuntimeRoleError";
}

/** The user a postgres:// URL signs in as (the environment's PGUSER is not used by the console). */
export function urlUser(url: string): string {
  return decodeURIComponent(new URL(url).username);
}

/**
 * As the migrating role: makes `runtimeUser` a member of console_app unless it is already (a
 * superuser counts as one). Answers a warning when it is a member of the trail's owner or pruner
 * roles, through which it could rewrite the trail.
 */
export async function grantAppRole<DB>(db: Kysely<DB>, runtimeUser: string): Promise<string | undefined> {
  const { rows } = await sql<{ member: boolean; owner: boolean; superuser: boolean }>`
    select pg_has_role(${runtimeUser}, ${APP_ROLE}, 'usage') as member,
      (pg_has_role(${runtimeUser}, 'console_audit_owner', 'member') or pg_has_role(${runtimeUser}, 'console_audit_pruner', 'member')) as owner,
      (select rolsuper from pg_roles where rolname = ${runtimeUser}) as superuser`.execute(db);
  const { member, owner, superuser } = rows[0]!;
  if (!member) {
    try {
      await sql`grant ${sql.id(APP_ROLE)} to ${sql.id(runtimeUser)}`.execute(db);
    } catch (err) {
      throw new RuntimeRoleError(
        `The app's database role ${runtimeUser} has no rights on the console's tables, and the migrating role may not grant them. ` +
          `Have an administrator run once: GRANT ${APP_ROLE} TO "${runtimeUser}"; (README "Deployment").`,
        { cause: err },
      );
    }
  }
  if (superuser)
    return `The app's database role ${runtimeUser} is a superuser: it can rewrite the audit trail. Give the app a role of its own (README "Deployment").`;
  if (owner)
    return `The app's database role ${runtimeUser} is a member of console_audit_owner or console_audit_pruner: it can rewrite the audit trail. Revoke it (README "Deployment").`;
  return undefined;
}
