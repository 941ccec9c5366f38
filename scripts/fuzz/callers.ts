import { ROLE_EMAILS, PASSWORD } from "../../e2e/env";
import type { Caller } from "./plan";

// A signed-in session per role (through the real sign-in route), and cookies that only look
// like one: the admin's with one character changed, a sealed-looking forgery, and a huge one.

async function signIn(origin: string, email: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-in`, {
    method: "POST",
    headers: { Origin: origin, "X-Requested-With": "merchant-console", "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(";", 1)[0];
  if (response.status !== 200 || !cookie) throw new Error(`sign-in as ${email} answered ${response.status}`);
  return cookie;
}

function tamper(cookie: string): string {
  const at = Math.floor(cookie.length * 0.7);
  return `${cookie.slice(0, at)}${cookie[at] === "A" ? "B" : "A"}${cookie.slice(at + 1)}`;
}

export async function callers(origin: string): Promise<Caller[]> {
  const roles = await Promise.all(
    Object.entries(ROLE_EMAILS).map(async ([role, email]): Promise<Caller> => ({ label: role, cookie: await signIn(origin, email) })),
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
