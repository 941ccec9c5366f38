// The audit trail's CLI: npm run audit -- <command>
//   verify [--anchors <log file>]   walks the chain and checks the anchors found in the log
//   prune [--older-than-days <n>]   deletes entries older than n days (at least and by default 400;
//                                   --keep-days is its older name)
// On DATABASE_URL or the embedded database, like the users CLI; keys AUDIT_KEY and the comma-
// separated AUDIT_RETIRED_KEYS, so entries made before a rotation still verify.
import { readFile } from "node:fs/promises";
import { sql } from "kysely";
import { AUDIT_MIN_KEEP_DAYS } from "@/lib/server/audit/log";
import { verifyChain, anchorsFromLog } from "@/lib/server/audit/verify";
import { auditKeyForCli } from "./audit-key";
import { CliDatabaseError, openCliDatabase } from "./db/cli-database";

const USAGE = `Usage: npm run audit -- <command>
  verify [--anchors <file>]   check the chain, and the anchors in a JSON log file (lines "audit anchor")
  prune [--older-than-days <n>]   delete entries older than n days (at least and by default 400)`;

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith("--")) throw new CliDatabaseError(`${name} needs a value.\n\n${USAGE}`);
  return value;
}

/** AUDIT_KEY and the retired keys: without the key a keyed entry cannot be told from a forged one. */
function auditKeys(demo: boolean): string[] {
  const current = auditKeyForCli(demo);
  const retired = (process.env.AUDIT_RETIRED_KEYS ?? "").split(",").map((key) => key.trim());
  return [current, ...retired.filter((key) => key !== "")];
}

async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (command !== "verify" && command !== "prune") {
    console.log(USAGE);
    if (command !== undefined && command !== "help") process.exitCode = 1;
    return;
  }
  const known = command === "verify" ? ["--anchors"] : ["--older-than-days", "--keep-days"];
  const unknown = rest.find((arg) => arg.startsWith("--") && !known.includes(arg));
  if (unknown) {
    console.error(`Unknown option ${unknown} for ${command}.\n\n${USAGE}`);
    process.exitCode = 1;
    return;
  }
  const { db, where, demo } = await openCliDatabase("audit");
  try {
    if (command === "verify") {
      const file = option(rest, "--anchors");
      const anchors = file ? anchorsFromLog(await readFile(file, "utf8")) : [];
      const keys = auditKeys(demo);
      const report = await verifyChain(db, { anchors, keys });
      if (report.breaks.length > 0) {
        console.error(`Audit trail at ${where}: BROKEN in ${report.breaks.length} places (${report.entries} entries walked):`);
        for (const { id, reason } of report.breaks) console.error(`  entry ${id}: ${reason}.`);
        process.exitCode = 1;
        return;
      }
      console.log(`Audit trail at ${where}: intact. ${report.entries} entries, ${report.anchors} anchors checked.`);
      return;
    }
    const days = option(rest, "--older-than-days") ?? option(rest, "--keep-days") ?? String(AUDIT_MIN_KEEP_DAYS);
    const keepDays = /^\d+$/.test(days) ? Number(days) : NaN;
    if (!Number.isInteger(keepDays)) throw new CliDatabaseError("--older-than-days takes a whole number of days.");
    const result = await sql<{ pruned: string }>`select audit_prune(${keepDays}::int) as pruned`.execute(db);
    console.log(`Audit trail at ${where}: ${result.rows[0]?.pruned ?? "0"} entries older than ${keepDays} days pruned.`);
    // The writes' masked summaries (0021) are kept exactly as long as the trail's entries.
    const summaries =
      await sql`delete from money_write_summaries where created_at < now() - make_interval(days => ${keepDays}::int)`.execute(db);
    console.log(`Write summaries at ${where}: ${summaries.numAffectedRows ?? 0n} older than ${keepDays} days pruned.`);
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof CliDatabaseError ? err.message : err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
