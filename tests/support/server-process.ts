// The dashboard's server (server.ts, or the build's bundle of it) started as a process with no
// database configured: it must stop before Next loads, with its message alone.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { freePort } from "./db-network";

/** Runs `node <args> -p <free port>` in `cwd` without DATABASE_URL, DATABASE_EMBEDDED or NODE_OPTIONS; settles when it exits. */
export async function startWithoutDatabase(args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATABASE_EMBEDDED;
  delete env.NODE_OPTIONS;
  return promisify(execFile)(process.execPath, [...args, "-p", String(await freePort())], { cwd, env });
}
