// Used by server.ts outside Next (see methods.ts for why no "server-only").
//
// server.ts's command line, named like `next start`'s: -p/--port, -H/--hostname, plus --dev.
// As for `next start`, PORT is the port's fallback and the hostname is only a flag (HOSTNAME is
// often the machine's own name, set by the shell or the container, not a choice to listen there).

import { parseTrustedProxyHops } from "./client-address";

export type ServerOptions = { dev: boolean; port: number; hostname: string | undefined; trustedProxyHops: number };

const USAGE = "Usage: tsx server.ts [--dev] [-p|--port <port>] [-H|--hostname <host>]";

function parsePort(text: string | undefined): number {
  const port = Number(text);
  if (!/^\d+$/.test(text ?? "") || port > 65535) throw new Error(`Invalid port "${text}". ${USAGE}`);
  return port;
}

export function parseServerOptions(argv: readonly string[], env: Record<string, string | undefined>): ServerOptions {
  const flags = new Map<string, string>();
  let dev = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const [name, inline] =
      arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (name === "--dev" && inline === undefined) dev = true;
    else if (name === "-p" || name === "--port" || name === "-H" || name === "--hostname") {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new Error(`${name} needs a value. ${USAGE}`);
      flags.set(name === "-p" || name === "--port" ? "port" : "hostname", value);
    } else throw new Error(`Unknown argument "${arg}". ${USAGE}`);
  }
  const port = flags.get("port") ?? (env.PORT || "3000");
  return { dev, port: parsePort(port), hostname: flags.get("hostname"), trustedProxyHops: parseTrustedProxyHops(env.TRUSTED_PROXY_HOPS) };
}
