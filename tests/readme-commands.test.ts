import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { describe, expect, it, onTestFinished } from "vitest";
import { createTestDatabase } from "./support/db";
import { freePort } from "./support/db-network";

// Every command in the README's ```sh blocks is either run here for real, or is one that
// the CI run itself performs (npm ci, npm test and what it is made of). A README command
// this file does not know fails the test, so a new or mistyped command cannot slip in.

type Command = { line: string; env: Record<string, string>; argv: string[] };

/** Splits one shell line into words, honouring double and single quotes (all the README uses). */
function words(line: string): string[] {
  const out: string[] = [];
  let current = "";
  let quote: string | null = null;
  let started = false;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = null;
      else current += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      started = true;
    } else if (/\s/.test(ch)) {
      if (started || current) out.push(current);
      current = "";
      started = false;
    } else current += ch;
  }
  if (started || current) out.push(current);
  return out;
}

function readmeCommands(readme: string): Command[] {
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const commands: Command[] = [];
  for (const block of blocks) {
    for (const raw of block.split("\n")) {
      const line = raw.replace(/\s+#.*$/, "").trim();
      if (!line) continue;
      for (const part of line.split("&&")) {
        const argv = words(part.trim());
        const env: Record<string, string> = {};
        while (argv[0] && /^[A-Z_][A-Z0-9_]*=/.test(argv[0])) {
          const [name, ...value] = argv.shift()!.split("=");
          env[name!] = value.join("=");
        }
        commands.push({ line: part.trim(), env, argv });
      }
    }
  }
  return commands;
}

const readme = await readFile("README.md", "utf8");
const pkg = JSON.parse(await readFile("package.json", "utf8")) as { scripts: Record<string, string> };
const commands = readmeCommands(readme);

function npmRun(args: string[], env: Record<string, string>, stdin = ""): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", args, { env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** Starts a long-running command and resolves with its output once `ready` matches it; then stops it. */
function runUntil(args: string[], env: Record<string, string>, ready: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        process.kill(-child.pid!, "SIGTERM");
        resolve(output);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", reject);
    child.on("exit", (code) => {
      if (!ready.test(output)) reject(new Error(`${args.join(" ")} exited (${code}) before it was ready:\n${output}`));
    });
  });
}

const ciRun = await readFile(".ci/run", "utf8");

// What CI runs by itself (.ci/run: `npm ci`, then `npm test`, which builds with
// scripts/e2e-env.ts and runs the e2e suite against `npm start`), checked here to be wired as the README says.
const RUN_BY_CI: Record<string, () => void> = {
  "npm ci": () => expect(ciRun).toMatch(/^npm ci\b/m),
  "npm test": () => expect(ciRun).toMatch(/^npm test$/m),
  "npm run build": () => expect(pkg.scripts.build).toBe("next build"),
  "npm run test:e2e": () => expect(pkg.scripts.test).toContain("npm run test:e2e"),
  "npx tsx scripts/e2e-env.ts next build": () => expect(pkg.scripts.test).toContain("tsx scripts/e2e-env.ts next build"),
  "npm start": () => expect(pkg.scripts.start).toBeTruthy(),
  "npm run demo": () => expect(pkg.scripts.demo).toBe("exec node --import tsx scripts/demo.ts"),
  "npm run bench": () => expect(pkg.scripts.bench).toBe("tsx scripts/bench.ts"),
};
// Run for real by a test of their own; checked here to be the command that test runs.
const TESTED_ELSEWHERE: Record<string, () => void> = {
  // tests/db/db-migrate-cli.test.ts
  "npm run db:migrate": () => expect(pkg.scripts["db:migrate"]).toBe("tsx --conditions=react-server scripts/db-migrate.ts"),
};
// Run for real below.
const RUN_HERE = new Set(["npm run users", "npm run simulator"]);

describe("README commands", () => {
  it("finds the set-up commands first", () => {
    expect(commands.slice(0, 3).map((c) => c.line)).toEqual(["npm ci", "npm run demo", "npm test"]);
  });

  it.each(commands.filter((c) => c.argv[0] === "npm" && c.argv[1] === "run").map((c) => [c.line, c] as const))(
    "%s names a script",
    (_line, command) => {
      expect(Object.keys(pkg.scripts)).toContain(command.argv[2]);
    },
  );

  it.each(commands.map((c) => [c.line, c] as const))("%s is covered", (_line, command) => {
    const whole = command.argv.join(" ");
    const byCi = RUN_BY_CI[whole] ?? TESTED_ELSEWHERE[whole];
    const here = RUN_HERE.has(command.argv.slice(0, 3).join(" "));
    expect(byCi !== undefined || here, `no test covers the README command "${command.line}"`).toBe(true);
    byCi?.();
  });

  it("adds a staff user exactly as the README shows", async () => {
    const add = commands.find((c) => c.argv[2] === "users" && c.argv[4] === "add");
    expect(add).toBeDefined();
    // The run's test server (a fresh clone), as an operator's DATABASE_URL.
    const database = await createTestDatabase();
    onTestFinished(() => database.drop());
    // AUDIT_KEY as an operator's .env.local holds it: the CLI chains the change's audit entry with it.
    const env = { ...add!.env, DATABASE_URL: database.url, AUDIT_KEY: "readme-audit-key-0123456789abcdef-0123" };
    const added = await npmRun(add!.argv.slice(1), env, "a-long-enough-password-123\n");
    expect(added.stderr + added.stdout).not.toContain("Role must be one of");
    expect(added.code).toBe(0);
    const listed = await npmRun(["run", "users", "--", "list"], env);
    const [, , , , , email, role, name] = add!.argv;
    expect(listed.stdout).toContain(`${email}\t${role}\t${name}`);
  });

  it.each(commands.filter((c) => c.argv[2] === "simulator").map((c) => [c.line, c] as const))(
    "starts the simulator: %s",
    async (_line, command) => {
      // The README's ports may be taken (a demo running beside the tests), and so may any port picked at random
      // (the embedded Postgres servers listen on 54329 and 54339): take one the OS says is free, and check it is honoured.
      const env = { ...command.env, SIMULATOR_PORT: String(await freePort()) };
      const output = await runUntil(command.argv.slice(1), env, /Merchant API simulator on http:\/\/127\.0\.0\.1:\d+/);
      expect(output).toContain(`127.0.0.1:${env.SIMULATOR_PORT}`);
      if (command.env.SIM_LIVE_SIZE) expect(output).toContain(`live ${command.env.SIM_LIVE_SIZE} txns`);
    },
  );
});
