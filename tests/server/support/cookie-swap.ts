import { expect } from "vitest";
import { cookieJar } from "./cookie-jar";

/**
 * After a step that gave the session a new cookie secret (a new sign-in, the second factor
 * checked): the cookie held before it names no session any more, the new one does. `status`
 * answers /api/session's status with whatever the jar holds.
 */
export async function expectOnlyTheNewCookie(name: string, before: string, after: string, status: () => Promise<number>): Promise<void> {
  expect(after).not.toBe(before);
  cookieJar.set(name, before);
  expect(await status()).toBe(401);
  cookieJar.set(name, after);
  expect(await status()).toBe(200);
}
