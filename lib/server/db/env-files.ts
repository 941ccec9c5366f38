// `.env.local` and friends, loaded as Next loads them (an existing variable always wins), for
// the code that reads the database settings before Next does: server.ts and the CLIs. Without
// this, a DATABASE_URL kept in .env.local (as README suggests) would reach the app but not
// server.ts's start-up, which refuses to start without one. @next/env is Next's own loader.
import "server-only";
import nextEnv from "@next/env";

export function loadEnvFiles(dir: string, dev = false): void {
  nextEnv.loadEnvConfig(dir, dev);
}
