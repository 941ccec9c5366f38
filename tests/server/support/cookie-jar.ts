// An in-memory stand-in for the browser's cookie jar behind next/headers'
// cookies(), so real route handlers can run outside a Next request.
// Each test file mocks next/headers with it:
//   vi.mock("next/headers", () => import("./support/next-headers-mock"));

type Stored = { value: string; options: Record<string, unknown> };

const store = new Map<string, Stored>();

export const cookieJar = {
  get(name: string) {
    const entry = store.get(name);
    return entry ? { name, value: entry.value } : undefined;
  },
  getAll() {
    return [...store].map(([name, { value }]) => ({ name, value }));
  },
  has(name: string) {
    return store.has(name);
  },
  set(
    nameOrOptions: string | ({ name: string; value: string } & Record<string, unknown>),
    value?: string,
    options: Record<string, unknown> = {},
  ) {
    const {
      name,
      value: v,
      ...rest
    } = typeof nameOrOptions === "string" ? { name: nameOrOptions, value: value ?? "", ...options } : nameOrOptions;
    // What a browser does with Max-Age=0 (iron-session's destroy()).
    if (rest.maxAge === 0 || v === "") store.delete(name);
    else store.set(name, { value: v, options: rest });
    return cookieJar;
  },
  delete(name: string) {
    store.delete(name);
    return cookieJar;
  },
  /** Attributes of the last Set-Cookie for a name, to assert HttpOnly, SameSite and friends. */
  options(name: string) {
    return store.get(name)?.options;
  },
  clear() {
    store.clear();
  },
};
