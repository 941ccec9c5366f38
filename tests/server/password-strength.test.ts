import { describe, expect, it } from "vitest";
import { passwordWeakness } from "@/lib/server/password-strength";

// Issue 54, defect 4: any long password was taken (`123456789012` was). The users CLI (`add`,
// `passwd`) now refuses common ones and ones built from the account's email or name, offline.
describe("passwordWeakness", () => {
  it("refuses common passwords and keyboard runs, saying why in plain words", async () => {
    for (const password of ["123456789012", "password1234", "qwertyuiopas", "aaaaaaaaaaaa"]) {
      const weakness = await passwordWeakness(password, { email: "ann@example.test", name: "Ann" });
      expect(weakness, password).toMatch(/too easy to guess/);
    }
  });

  it("refuses a password built from the account's email or name", async () => {
    const weakness = await passwordWeakness("aliceexample2024", { email: "alice@example.com", name: "Alice Example" });
    expect(weakness).toMatch(/email or name/);
    expect(await passwordWeakness("aliceexample2024", { email: "bob@other.test", name: "Bob" })).toBeNull();
  });

  it("takes a long passphrase and the demo's password", async () => {
    expect(await passwordWeakness("Harbour-lantern-47-quietly", { email: "ann@example.test", name: "Ann" })).toBeNull();
    expect(await passwordWeakness("demo-password-123", { email: "admin@demo.test", name: "Demo Admin" })).toBeNull();
  });
});
