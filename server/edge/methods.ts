// Used by server.ts, which runs outside Next: no "server-only" marker here, since that
// module throws when imported by plain Node (it is empty only under the react-server condition).

/** The methods a route handler may export, in the order an `Allow` header lists them. */
export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export function isHttpMethod(method: string): method is HttpMethod {
  return (HTTP_METHODS as readonly string[]).includes(method);
}

/**
 * What Next answers for a route that exports `exported`: it adds HEAD when GET is there and
 * always answers OPTIONS itself (204 with its own Allow), so both are allowed.
 */
export function allowedMethods(exported: readonly HttpMethod[]): HttpMethod[] {
  const allowed = new Set<HttpMethod>([...exported, "OPTIONS"]);
  if (allowed.has("GET")) allowed.add("HEAD");
  return HTTP_METHODS.filter((method) => allowed.has(method));
}
