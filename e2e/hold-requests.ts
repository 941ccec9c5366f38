import type { Page } from "@playwright/test";

/**
 * Holds every request of `page` (and its workers) whose URL matches `pattern` until the returned
 * function is called; then they go on to the server as they were. For a test that looks at a page
 * before an answer or a script has arrived.
 */
export async function holdRequests(page: Page, pattern: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
