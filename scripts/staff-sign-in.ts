// A staff sign-in for the scripts that drive a running dashboard (the bench, the fuzzer): the
// password, then a TOTP code computed from the secret the seeding wrote (scripts/seed-users.ts
// --totp-file), as an authenticator app would. A code is good once per 30-second step, so the
// last step used per account is remembered and a second sign-in waits for a later step.
import { readFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { CSRF_HEADERS } from "@/lib/contracts/csrf";
import { totpCode, totpKeyFromText, totpStep } from "@/lib/server/second-factor/totp";

const lastStep = new Map<string, bigint>();

async function freshCode(email: string, secret: string): Promise<string> {
  for (;;) {
    const step = totpStep(Date.now());
    if (step > (lastStep.get(email) ?? -1n)) {
      lastStep.set(email, step);
      return totpCode(totpKeyFromText(secret), step);
    }
    await delay(250);
  }
}

const cookieOf = (response: Response) => response.headers.getSetCookie()[0]?.split(";", 1)[0];

/** Signs `email` in at `origin` and answers its session cookie ("name=value"). */
export async function staffSignIn(origin: string, email: string, password: string, totpFile: string): Promise<string> {
  const headers = { Origin: origin, ...CSRF_HEADERS, "Content-Type": "application/json" };
  const signIn = await fetch(`${origin}/api/auth/sign-in`, { method: "POST", headers, body: JSON.stringify({ email, password }) });
  const cookie = cookieOf(signIn);
  if (signIn.status !== 200 || !cookie) throw new Error(`sign-in as ${email} answered ${signIn.status}: ${await signIn.text()}`);
  const { redirectTo } = (await signIn.json()) as { redirectTo: string };
  if (!redirectTo.startsWith("/sign-in/code")) return cookie; // an account without a second factor
  const secret = (JSON.parse(readFileSync(totpFile, "utf8")) as Record<string, string>)[email];
  if (!secret) throw new Error(`${totpFile} has no TOTP secret for ${email}`);
  const code = await fetch(`${origin}/api/auth/second-factor`, {
    method: "POST",
    headers: { ...headers, Cookie: cookie },
    body: JSON.stringify({ code: await freshCode(email, secret) }),
  });
  if (code.status !== 200) throw new Error(`the code for ${email} answered ${code.status}: ${await code.text()}`);
  // The session gets a new secret once its code is checked: the cookie from the password step names nothing now.
  const signedIn = cookieOf(code);
  if (!signedIn) throw new Error(`the code for ${email} was taken, but its answer set no cookie`);
  return signedIn;
}
