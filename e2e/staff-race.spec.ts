import pg from "pg";
import { expect, test, type Page } from "@playwright/test";
import { RACE_PORTS } from "./env";
import { dashboardInstance, databaseInstance, signedIn } from "./instances";
import { newTotpUser, usersCli } from "./totp";

// Issue 58: the console never loses its last admin, also when two admins act on each other at
// the same moment, in two browsers on two instances. The run's database has several admins, so
// this spec has its own, with exactly two active admins in each test, and its own two dashboards.
test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

const database = databaseInstance(RACE_PORTS.database, ".data/e2e-race-pg");
const A = dashboardInstance("race-a", RACE_PORTS.a, database.env);
const B = dashboardInstance("race-b", RACE_PORTS.b, database.env);
const sql = new pg.Pool({ connectionString: database.env.DATABASE_URL, max: 2 });

// The key of the lock lib/server/users.ts takes before any change that could leave no admin.
const ADMINS_LOCK = "hashtextextended('staff:admins', 0)";

test.beforeAll(async () => {
  await database.start();
  await Promise.all([A.start(), B.start()]);
});

test.afterAll(async () => {
  await sql.end();
  await Promise.all([A.stop(), B.stop()]);
  await database.stop();
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) testInfo.annotations.push({ type: "A's output", description: A.output() });
});

const activeAdmins = async () =>
  (await sql.query<{ email: string }>("select email from staff_users where role = 'admin' and status = 'active' order by email")).rows.map(
    (row) => row.email,
  );

/** Requests queued behind the admins lock: in the server, past sign-in and step-up, inside their transaction. */
const waitingForTheLock = async () =>
  (
    await sql.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted and objsubid = 1
         and classid::bigint = (${ADMINS_LOCK} >> 32) & 4294967295 and objid::bigint = ${ADMINS_LOCK} & 4294967295`,
    )
  ).rows[0]?.waiting;

type Change = { label: "Deactivate" } | { label: "Change role"; role: "finance" };

/** On /staff, `change` chosen for `target` and a reason typed: the dialog one click from sending. */
async function readyToChange(page: Page, target: string, change: Change) {
  await page.goto("/staff?role=admin&status=active");
  const rows = page.getByTestId("staff-row");
  // Exactly two active admins: this one and the other.
  await expect(rows).toHaveCount(2);
  await rows
    .and(page.locator(`[data-email="${target}"]`))
    .getByRole("button", { name: /^Manage/ })
    .click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(change.label).check();
  if (change.label === "Change role") await dialog.getByLabel("New role").selectOption(change.role);
  await dialog.getByLabel("Reason").fill("Both at once");
  return dialog.getByRole("button", { name: change.label });
}

const doneMessage = (target: string, change: Change) =>
  change.label === "Deactivate"
    ? `${target} is deactivated; their sessions have ended.`
    : `${target} is now finance; their sessions have ended.`;

for (const { title, first, second } of [
  {
    title: "A deactivates B while B demotes A to finance",
    first: { label: "Deactivate" },
    second: { label: "Change role", role: "finance" },
  },
  {
    title: "A and B demote each other to finance",
    first: { label: "Change role", role: "finance" },
    second: { label: "Change role", role: "finance" },
  },
] satisfies { title: string; first: Change; second: Change }[]) {
  test(`${title} at the same moment, on two instances: one wins, the other is told why, one admin remains`, async ({ browser }) => {
    const one = newTotpUser("admin", database.env);
    const two = newTotpUser("admin", database.env);
    // The winner of an earlier test steps down, through the users CLI: two active admins, these.
    for (const email of await activeAdmins()) {
      if (email !== one.email && email !== two.email) usersCli(["set-role", email, "viewer"], database.env);
    }
    expect(await activeAdmins()).toEqual([one.email, two.email].sort());

    const onA = await signedIn(browser, A, one);
    const onB = await signedIn(browser, B, two);
    const sides: { page: Page; me: string; other: string; change: Change }[] = [
      { page: onA.page, me: one.email, other: two.email, change: first },
      { page: onB.page, me: two.email, other: one.email, change: second },
    ];
    const buttons = await Promise.all(sides.map((side) => readyToChange(side.page, side.other, side.change)));

    // The test holds the lock while both are sent, so both requests are in the server together
    // (queued at the lock, seen in pg_locks); released, Postgres picks which goes first.
    const gate = await sql.connect();
    try {
      await gate.query(`select pg_advisory_lock(${ADMINS_LOCK})`);
      await Promise.all(buttons.map((button) => button.click()));
      await expect.poll(waitingForTheLock).toBe(2);
    } finally {
      await gate.query(`select pg_advisory_unlock(${ADMINS_LOCK})`);
      gate.release();
    }

    const outcomes = await Promise.all(
      sides.map(async (side) => {
        const done = side.page.getByRole("status").filter({ hasText: doneMessage(side.other, side.change) });
        const refused = side.page.getByTestId("refusal");
        await expect(done.or(refused)).toBeVisible();
        return { ...side, won: await done.isVisible(), refusal: (await refused.isVisible()) ? await refused.textContent() : null };
      }),
    );
    const winners = outcomes.filter((side) => side.won);
    expect(winners).toHaveLength(1);
    const [winner, loser] = winners[0] === outcomes[0] ? [outcomes[0]!, outcomes[1]!] : [outcomes[1]!, outcomes[0]!];
    // The loser is told, in the server's words, that the winner is the last admin.
    expect(loser.refusal).toContain(`${winner.me} is the last active admin: make someone else an admin first.`);
    expect(await activeAdmins()).toEqual([winner.me]);
    // The loser's own session ended with their admin role.
    expect((await loser.page.request.get("/api/session")).status()).toBe(401);

    // /staff: exactly one active admin, the winner.
    await winner.page.goto("/staff?role=admin&status=active");
    await expect(winner.page.getByTestId("staff-row")).toHaveCount(1);
    await expect(winner.page.getByTestId("staff-row")).toHaveAttribute("data-email", winner.me);

    // The audit trail: the winner's change on the loser, and the loser's attempt on the winner,
    // refused and changing nothing.
    const by = (page: Page, actor: string) =>
      page.getByTestId("audit-entry").filter({ has: page.getByTestId("audit-actor").filter({ hasText: actor }) });
    await winner.page.goto(`/audit?target=${encodeURIComponent(loser.me)}`);
    await expect(by(winner.page, winner.me)).toHaveCount(1);
    await expect(by(winner.page, winner.me)).toContainText(
      winner.change.label === "Deactivate" ? "Staff member deactivated" : "Staff role changed (/staff)",
    );
    await expect(by(winner.page, winner.me)).toContainText("Done");
    await winner.page.goto(`/audit?target=${encodeURIComponent(winner.me)}`);
    await expect(winner.page.getByTestId("audit-entry").filter({ hasText: "Staff member added" })).toHaveCount(1);
    await expect(by(winner.page, loser.me)).toHaveCount(1);
    await expect(by(winner.page, loser.me)).toContainText("Refused, nothing changed");
    await expect(by(winner.page, loser.me)).toContainText(`${winner.me} is the last active admin`);
    await Promise.all([onA.context.close(), onB.context.close()]);
  });
}
