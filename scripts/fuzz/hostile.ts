// The hostile values the fuzz draws from. Raw path and query text must stay within what an
// HTTP client may send (no spaces, no characters above U+00FF), so most are percent-encoded.

/** Values for a dynamic segment ([id], [region]): plausible ones, so routes run past parsing, and hostile ones. */
export const SEGMENTS = [
  "india",
  "brazil",
  "europe",
  "bangladesh",
  "pyusd",
  "nigeria",
  "tx_1",
  "po_000001",
  "%",
  "%ff",
  "%ff%fe",
  "%E0%A4%A",
  "%00",
  "%0d%0aSet-Cookie:%20x=1",
  "..",
  "%2e%2e",
  "%2F",
  "%5C",
  "__proto__",
  "constructor",
  "prototype",
  "hasOwnProperty",
  "a".repeat(4096),
  "%F0%9F%92%B8",
  "caf\u00e9",
  "null",
  "-1",
  "1e309",
  "NaN",
  "%27%20OR%201=1--",
  "%3Cscript%3E",
  "~",
  "*",
];

export const QUERIES = [
  "",
  "",
  "?q=%",
  "?q=%ff%fe",
  "?limit=-1",
  "?limit=1e309",
  "?limit=abc",
  "?limit=0",
  "?since=__proto__",
  "?since=99999999999999999999999",
  "?since=-5",
  "?__proto__[admin]=1",
  "?constructor[prototype][polluted]=1",
  `?q=${"a".repeat(8000)}`,
  "?q=%00",
  "?a=1&a=2&a=3",
  "?refresh=true&refresh=false",
  "?reference=%F0%9F%92%B8",
  "?q=%27%20OR%201%3D1%20--",
  "?limit=10&since=0",
  "?email=admin%40demo.test",
  "?page[]=1",
  "?reference=",
  "?q",
  "?&&&=",
];

/** Field names the BFF's request bodies use, or might. */
export const FIELDS = [
  "amount",
  "currency",
  "reference",
  "email",
  "password",
  "mode",
  "accountNumber",
  "bankCode",
  "accountName",
  "narration",
  "beneficiary",
  "url",
  "events",
  "secret",
  "region",
  "id",
  "utr",
  "name",
  "iban",
  "pixKey",
  "wallet",
  "network",
  "address",
  "idempotencyKey",
  "quoteId",
  "note",
  "returnTo",
  "__proto__",
  "constructor",
];

/** JSON texts (not values), so numbers JSON.stringify cannot write are there too. */
export const VALUES = [
  '"100.00"',
  '"0.01"',
  '"0"',
  '"-1"',
  '"1e309"',
  "1e400",
  "0.1",
  "12345678901234567890123",
  '"NaN"',
  '""',
  '" "',
  JSON.stringify("a".repeat(10_000)),
  "null",
  "true",
  "[]",
  "{}",
  '{"__proto__":{"role":"admin"}}',
  '"\\u0000"',
  '"\\ud800"',
  JSON.stringify("💸\u202e"),
  '"<script>alert(1)</script>"',
  '"../../etc/passwd"',
  '"test"',
  '"live"',
  '"admin@demo.test"',
  '"demo-password-123"',
  '"NGN"',
  '"INR"',
  '"USDT"',
  '"https://127.0.0.1:1/hook"',
  '"javascript:alert(1)"',
  '"http://169.254.169.254/latest/meta-data"',
  '"//evil.example"',
  // Not URLs at all: the webhook's URL check threw on these (a 500; issue 54).
  '"0x10"',
  '"../../../../etc/passwd"',
  JSON.stringify("\u{1F4B8}"),
  "42",
];

export const CONTENT_TYPES = [
  "application/json",
  "application/json",
  "application/json; charset=utf-16",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzz",
  undefined,
];

/** Whole bodies that are hostile as they stand. */
export const BODIES: (string | Buffer)[] = [
  "",
  "{",
  "null",
  "[]",
  "0",
  '"text"',
  "true",
  "[".repeat(100_000) + "]".repeat(100_000),
  '{"a":'.repeat(20_000) + "1" + "}".repeat(20_000),
  JSON.stringify({ blob: "x".repeat(2 * 1024 * 1024) }),
  '{"__proto__":{"isAdmin":true,"role":"admin"},"constructor":{"prototype":{"polluted":true}}}',
  '{"amount":"1","amount":"99999999"}',
  "\ufeff{}",
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  Buffer.from("7b7d00", "hex"),
  "a=1&b=2",
  '--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--fuzz--\r\n',
];

/** Forms of the CSRF headers (Origin must be PUBLIC_ORIGIN and X-Requested-With merchant-console). */
export function csrfVariants(origin: string): Record<string, string>[] {
  return [
    { Origin: origin, "X-Requested-With": "merchant-console" },
    { Origin: origin, "X-Requested-With": "merchant-console" },
    { Origin: origin },
    { "X-Requested-With": "merchant-console" },
    { Origin: "https://evil.example", "X-Requested-With": "merchant-console" },
    { Origin: "null", "X-Requested-With": "merchant-console" },
    { Origin: `${origin}.evil.example`, "X-Requested-With": "merchant-console" },
    { Origin: origin, "X-Requested-With": "XMLHttpRequest" },
    {},
  ];
}

/** Headers that are hostile whatever the route. */
export const EXTRA_HEADERS: Record<string, string>[] = [
  // Mostly none, so the header-size cases (431 before any route runs) stay a small share.
  ...Array.from({ length: 12 }, () => ({})),
  { "X-Request-Id": "../../etc/passwd" },
  { "X-Request-Id": "a".repeat(300) },
  { "X-Client-Address": "203.0.113.7", "X-Forwarded-For": "198.51.100.1, 10.0.0.1" },
  { Host: "evil.example" },
  { Accept: "text/html" },
  { "Accept-Encoding": "gzip, br, zstd" },
  { "X-Padding": "p".repeat(12 * 1024) },
  { "X-Padding": "p".repeat(20 * 1024) },
];

/** Methods no route handler may export: server.ts answers these itself. */
export const UNKNOWN_METHODS = ["TRACE", "PROPFIND", "MKCOL", "PURGE", "FOO", "CONNECTX"];

/** Paths under /api that no route serves. */
export const UNKNOWN_API_PATHS = [
  "/api",
  "/api/nope",
  "/api/transactions/a/b/c",
  "/api/Session",
  "/api/session%2Fmode",
  "/api/%",
  "/api/../api/nope",
];
