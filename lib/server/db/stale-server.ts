// A previous run that crashed (or was killed with SIGKILL) can leave two things
// behind in an embedded data directory: a postmaster.pid whose pid now belongs
// to another process (Postgres then refuses to start, "lock file already
// exists"), or its server still running, orphaned, on the directory and port.
// Both are cleared here, before a start. A server whose starter is still alive
// is left alone: that is another run in progress, not a crash.
import "server-only";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const OWNER_FILE = "embedded-owner.pid";

type ProcessInfo = { argv: string[]; parentPid: number };

/** Linux /proc; undefined when the process is gone, a zombie, or /proc is not there. */
async function processInfo(pid: number): Promise<ProcessInfo | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after its last ")".
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (state === "Z" || state === "X") return undefined;
    const argv = (await readFile(`/proc/${pid}/cmdline`, "utf8")).split("\0");
    return { argv, parentPid: Number(ppid) };
  } catch {
    return undefined;
  }
}

function servesDirectory(info: ProcessInfo, dataDir: string): boolean {
  const flag = info.argv.indexOf("-D");
  return path.basename(info.argv[0] ?? "") === "postgres" && flag !== -1 && path.resolve(info.argv[flag + 1] ?? "") === dataDir;
}

async function waitForExit(pid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await processInfo(pid)) !== undefined) {
    if (Date.now() > deadline) throw new Error(`The orphaned Postgres server (pid ${pid}) did not stop within ${timeoutMs / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Records which process started the server on `dataDir`, so a later start can tell an orphan from a live run. */
export async function recordOwner(dataDir: string): Promise<void> {
  await writeFile(path.join(dataDir, OWNER_FILE), `${process.pid}\n`);
}

export async function forgetOwner(dataDir: string): Promise<void> {
  await rm(path.join(dataDir, OWNER_FILE), { force: true });
}

/** Makes `dataDir` startable after a crashed run; throws if another live run is using it. */
export async function clearStaleServer(dataDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, "postmaster.pid");
  const pid = Number((await readFile(pidFile, "utf8").catch(() => "")).split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;

  const server = await processInfo(pid);
  if (server === undefined || !servesDirectory(server, dataDir)) {
    // Nothing of ours runs under that pid any more; Postgres recovers from its WAL on start.
    await rm(pidFile, { force: true });
    log(`Removed a stale postmaster.pid (pid ${pid}) left by a crashed run.`);
    return;
  }

  const owner = Number(await readFile(path.join(dataDir, OWNER_FILE), "utf8").catch(() => ""));
  if (!Number.isInteger(owner) || owner <= 0) {
    throw new Error(`A Postgres server this helper did not start (pid ${pid}) is running on ${dataDir}. Stop it first.`);
  }
  // The server is the child of the process that started it until that process dies and it is re-parented.
  if (server.parentPid === owner && (await processInfo(owner)) !== undefined) {
    throw new Error(`The embedded Postgres on ${dataDir} is in use by process ${owner} (server pid ${pid}). Stop that run first.`);
  }
  log(`Stopping the Postgres server (pid ${pid}) that a crashed run left running on ${dataDir}.`);
  // SIGINT is Postgres's fast shutdown: open transactions roll back, committed data stays.
  process.kill(pid, "SIGINT");
  await waitForExit(pid, 30_000);
}
