// No "server-only": the demo (scripts/demo.ts) prints it, outside the react-server condition.

/** host:port/database of a connection URL, without the user or password, for logs and CLI output. */
export function describeDatabaseUrl(url: string): string {
  const { hostname, port, pathname } = new URL(url);
  return `${hostname}:${port || "5432"}${pathname || "/"}`;
}
