// Approvers hear of a held payout by mail (issue 59), through a real SMTP server on loopback
// (smtp-server) and nodemailer, as the app sends: every active approver but the maker, the
// beneficiary masked, a link to the request; a refused send changes nothing.
import nodemailer from "nodemailer";
import { describe, expect, it, onTestFinished } from "vitest";
import { createDatabase } from "@/lib/server/db/create";
import { approverNotifier } from "@/lib/server/money-writes/approval-mail";
import { approvalPolicy, approvalStore } from "@/lib/server/money-writes/approvals";
import { PgWriteLedger } from "@/lib/server/money-writes/pg-ledger";
import { runMoneyWrite, type Pipeline, type WriteAdapter, type WriteContext } from "@/lib/server/money-writes/pipeline";
import { setupTestDatabase } from "../support/db";
import { stubQuietEnv } from "../support/quiet-env";
import { smtpServerSink } from "../support/smtp-sink";

const database = setupTestDatabase();

async function smtpSink() {
  const sink = smtpServerSink();
  await sink.start();
  onTestFinished(sink.stop);
  const transport = nodemailer.createTransport(sink.url());
  const send = async (message: { to: string; subject: string; text: string }) => {
    await transport.sendMail({ from: "Merchant Console <no-reply@console.test>", ...message });
  };
  return { received: sink.received, send };
}

async function staff(email: string, role: string, status = "active") {
  await database.db
    .insertInto("staff_users")
    .values({ email, name: email.split("@")[0]!, role, status, password_hash: "scrypt$not-a-real-hash" })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .execute();
}

type Body = { merchantReference: string; amount: string; pixKey: string; beneficiary: { name: string } };
const adapter: WriteAdapter<Body, Body, { transactionId: string }, { transactionId: string }> = {
  rail: "brazil-payout",
  reference: (input) => input.merchantReference,
  prepare: (input) => ({ ...input }),
  send: () => Promise.reject(new Error("nothing is sent before approval")),
  transactionId: (answer) => answer.transactionId,
  present: (answer) => answer,
};
const maker = { id: "maker@demo.test", email: "maker@demo.test", role: "finance" };

function pipelineWith(notify: Parameters<typeof approvalStore>[3]) {
  const pool = createDatabase(database.url, { max: 2 });
  onTestFinished(() => pool.destroy());
  const store = approvalStore(pool, () => Promise.resolve(), 3600, notify);
  const pipeline: Pipeline = {
    ledger: new PgWriteLedger(pool, { instanceId: "mail", bootId: "boot" }),
    hooks: { policy: approvalPolicy(() => pool), audit: () => Promise.resolve(), hold: store.hold },
  };
  return pipeline;
}

async function setPolicy(threshold: string | null) {
  await database.db
    .insertInto("approval_policies")
    .values({ environment: "live", currency: "BRL", threshold, set_by: "a@demo.test", confirmed_by: "b@demo.test" })
    .onConflict((conflict) => conflict.columns(["environment", "currency"]).doUpdateSet({ threshold }))
    .execute();
}

async function hold(pipeline: Pipeline, reference: string) {
  const body: Body = { merchantReference: reference, amount: "2500.00", pixKey: "12345678909", beneficiary: { name: "Ana Souza" } };
  await expect(
    runMoneyWrite(pipeline, adapter, body, { mode: "live", actor: maker, requestId: "req-mail-0001" } as WriteContext),
  ).rejects.toMatchObject({
    code: "approval_pending",
  });
}

describe("approval mail", () => {
  it("mails each active approver and admin but the maker, once per request, with a link and no account number", async () => {
    await setPolicy("1000.00");
    await staff("approver@demo.test", "approver");
    await staff("admin@demo.test", "admin");
    await staff("gone@demo.test", "approver", "deactivated");
    await staff("support@demo.test", "support");
    // An admin may make payouts too: never mailed about their own.
    await staff(maker.email, "admin");
    const sink = await smtpSink();
    const pipeline = pipelineWith(approverNotifier(database.db, sink.send, "https://console.test"));

    await hold(pipeline, "BR-MAIL-1");
    await expect.poll(() => sink.received.flatMap((mail) => mail.to).sort()).toEqual(["admin@demo.test", "approver@demo.test"]);
    const raw = sink.received[0]!.raw;
    expect(raw).toContain("Approval needed: 2500 BRL payout");
    expect(raw).toMatch(/https:\/\/console\.test\/approvals\/apr_[a-z0-9]+/);
    expect(raw).toContain("BR-MAIL-1");
    expect(raw).not.toContain("12345678909");

    // The same submission again finds the same request: no second mail.
    await hold(pipeline, "BR-MAIL-1");
    await hold(pipeline, "BR-MAIL-2");
    await expect.poll(() => sink.received.length).toBe(4);
    expect(sink.received.filter((mail) => mail.raw.includes("BR-MAIL-1"))).toHaveLength(2);
  });

  it("holds the payout all the same when the mail server refuses", async () => {
    // The refusal is logged (lib/server/logger.ts reads the env): a valid one, kept quiet.
    stubQuietEnv({ DATABASE_URL: database.url });
    await setPolicy(null);
    await staff("approver@demo.test", "approver");
    const tried: string[] = [];
    const pipeline = pipelineWith(
      approverNotifier(
        database.db,
        (message) => {
          tried.push(message.to);
          return Promise.reject(new Error("550 mailbox unavailable"));
        },
        "https://console.test",
      ),
    );
    await hold(pipeline, "BR-MAIL-3");
    // Each approver is tried, the first refusal stops nobody (admin and approver from the first test).
    await expect.poll(() => [...tried].sort()).toEqual(["admin@demo.test", "approver@demo.test"]);
    const row = await database.db.selectFrom("money_writes").select("state").where("reference", "=", "BR-MAIL-3").executeTakeFirstOrThrow();
    expect(row.state).toBe("held");
  });
});
