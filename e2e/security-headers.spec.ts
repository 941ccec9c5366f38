import { expect, test } from "./fixtures";

// Every page and BFF answer carries the same security headers (proxy.ts).
test("pages and BFF answers carry the security headers", async ({ request }) => {
  for (const path of ["/sign-in", "/api/health", "/api/session"]) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["cross-origin-opener-policy"], path).toBe("same-origin");
    expect(headers["permissions-policy"], path).toContain("camera=()");
    expect(headers["permissions-policy"], path).toContain("payment=()");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["strict-transport-security"], path).toBe("max-age=63072000");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
  }
});

// A feature the browser does not know is ignored, with a warning in every visitor's console.
test("the browser knows every feature the Permissions-Policy names", async ({ page }) => {
  const complaints: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Permissions-Policy")) complaints.push(message.text());
  });
  await page.goto("/sign-in", { waitUntil: "load" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(complaints).toEqual([]);
});
