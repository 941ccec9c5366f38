import { HTTP_METHODS, type HttpMethod } from "./methods";

// Used by server.ts outside Next (see methods.ts for why no "server-only").
//
// Which HTTP methods a route.ts exports, read from its source text. The build output has no
// list of them, and loading the compiled route would run app code at start-up; the source
// forms our routes use are few. tests/server/edge-routes.test.ts checks this reading
// against the real exports of every route in app/api.

const DECLARATION = /^[ \t]*export[ \t]+(?:async[ \t]+)?(?:function[ \t]*\*?|const|let|var)[ \t]+([A-Za-z_$][\w$]*)/gm;
const LIST = /^[ \t]*export[ \t]*(type[ \t]*)?\{([^}]*)\}/gm;
const STAR = /^[ \t]*export[ \t]*\*/m;

/** The exported method names, or null when an `export *` hides them (then Next decides). */
export function exportedMethods(source: string): HttpMethod[] | null {
  if (STAR.test(source)) return null;
  const names = new Set<string>();
  for (const match of source.matchAll(DECLARATION)) names.add(match[1] ?? "");
  for (const match of source.matchAll(LIST)) {
    if (match[1]) continue; // `export type { … }` exports no values
    for (const item of (match[2] ?? "").split(",")) {
      const words = item.trim().split(/\s+/);
      if (words[0] === "type") continue;
      names.add(words.at(-1) ?? ""); // `a as GET` exports GET, `GET` exports GET
    }
  }
  return HTTP_METHODS.filter((method) => names.has(method));
}
