import "server-only";
import { sql, type Kysely } from "kysely";

// Maker-checker (issue 59). A payout a policy holds is a row in money_writes in the new state
// `held` (its reference reserved, nothing sent; the reconciler reads only intent and sent, so it
// never touches one) and a request in approval_requests with the exact reviewed bytes, its maker,
// the policy that matched and when it expires. Approving sends those bytes under the reference's
// key; rejecting or expiring spends the reference (the ledger row becomes `failed`).
//
// approval_policies: one per environment and currency, a threshold in the request's currency or
// every payout. A change is proposed into approval_policy_changes and applies only when a second
// admin confirms it; requests already made keep the policy they matched.
// The role `approver` joins the staff roles.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table money_writes drop constraint money_writes_state_check`.execute(db);
  await sql`
    alter table money_writes add constraint money_writes_state_check
    check (state in ('intent', 'sent', 'answered', 'failed', 'unknown', 'held'))
  `.execute(db);
  await sql`alter table staff_users drop constraint staff_users_role_check`.execute(db);
  await sql`
    alter table staff_users add constraint staff_users_role_check
    check (role in ('admin', 'finance', 'support', 'viewer', 'approver'))
  `.execute(db);
  await sql`
    create table approval_requests (
      id text primary key check (id <> ''),
      environment text not null check (environment in ('test', 'live')),
      rail text not null check (rail <> ''),
      reference text not null check (reference <> ''),
      request_body text not null check (request_body <> ''),
      amount text not null,
      currency text not null,
      beneficiary text not null,
      maker_email text not null,
      maker_role text not null,
      policy jsonb not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      status text not null default 'requested'
        check (status in ('requested', 'approved', 'rejected', 'expired', 'sent', 'failed')),
      decided_by text,
      decided_at timestamptz,
      reason text,
      code text,
      transaction_id text,
      updated_at timestamptz not null default now(),
      unique (environment, rail, reference),
      constraint approval_requests_rejected_has_reason check (status <> 'rejected' or (reason is not null and reason <> '')),
      constraint approval_requests_not_by_maker check (decided_by is null or decided_by <> maker_email)
    )
  `.execute(db);
  await sql`create index approval_requests_open on approval_requests (environment, created_at) where status in ('requested', 'approved')`.execute(
    db,
  );
  await sql`
    create table approval_policies (
      environment text not null check (environment in ('test', 'live')),
      currency text not null check (currency ~ '^[A-Z]{3}$'),
      threshold text check (threshold is null or threshold ~ '^[0-9]+(\\.[0-9]+)?$'),
      set_by text not null,
      confirmed_by text not null,
      updated_at timestamptz not null default now(),
      primary key (environment, currency),
      constraint approval_policies_two_admins check (set_by <> confirmed_by)
    )
  `.execute(db);
  await sql`
    create table approval_policy_changes (
      id text primary key check (id <> ''),
      environment text not null check (environment in ('test', 'live')),
      currency text not null check (currency ~ '^[A-Z]{3}$'),
      action text not null check (action in ('set', 'remove')),
      threshold text check (threshold is null or threshold ~ '^[0-9]+(\\.[0-9]+)?$'),
      proposed_by text not null,
      proposed_at timestamptz not null default now(),
      status text not null default 'pending' check (status in ('pending', 'applied', 'cancelled')),
      decided_by text,
      decided_at timestamptz,
      constraint approval_policy_changes_second_admin check (status <> 'applied' or decided_by <> proposed_by)
    )
  `.execute(db);
  await sql`
    create unique index approval_policy_changes_one_pending on approval_policy_changes (environment, currency) where status = 'pending'
  `.execute(db);
}
