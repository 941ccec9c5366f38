import { ROLE_EMAILS, PASSWORD } from "../../e2e/env";
import { staffSignIn } from "../staff-sign-in";
import type { Caller } from "./plan";
import { FUZZ_TOTP_FILE } from "./stack";

// A signed-in session per role (through the real sign-in routes: password, then a code), and
// cookies that only look like one: the admin's with one character changed, a sealed-looking
// forgery, and a huge one.

function tamper(cookie: string): string {
  const at = Math.floor(cookie.length * 0.7);
  return `${cookie.slice(0, at)}${cookie[at] === "A" ? "B" : "A"}${cookie.slice(at + 1)}`;
}

export async function callers(origin: string): Promise<Caller[]> {
  const roles = await Promise.all(
    Object.entries(ROLE_EMAILS).map(async ([role, email]): Promise<Caller> => ({
      label: role,
      cookie: await staffSignIn(origin, email, PASSWORD, FUZZ_TOTP_FILE),
    })),
  );
  const admin = roles[0]?.cookie ?? "";
  const name = admin.split("=", 1)[0];
  return [
    ...roles,
    ...roles,
    { label: "nobody" },
    { label: "nobody" },
    { label: "tampered admin cookie", cookie: tamper(admin) },
    { label: "forged cookie", cookie: `${name}=Fe26.2**${"0".repeat(64)}*${"A".repeat(43)}*${"B".repeat(43)}*1*${"C".repeat(43)}~2` },
    { label: "huge cookie", cookie: `${name}=${"x".repeat(8000)}` },
    { label: "two cookies", cookie: `${admin}; ${name}=other` },
  ];
}
