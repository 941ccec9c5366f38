// How the e2e tests and the bench launch Chromium. Browsers cannot be downloaded here, so both
// use Debian's: /usr/bin/chromium is the full browser, run by Playwright in its new headless mode.

export const CHROMIUM_PATH = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/**
 * Playwright's own `--disable-features` (playwright-core's chromiumSwitches). Chromium keeps only
 * the last `--disable-features` it is given, so adding a feature means repeating these;
 * tests/scripts/chromium.test.ts fails when the installed Playwright's list differs.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * The full browser (Chromium 156) builds its omnibox popup as a WebUI page, in a renderer of its
 * own, for every new window. Every Playwright context is a new window, and every bench load and
 * e2e test a new context: ~0.55 s of CPU in the 2 s after its first page opens, on the same 2
 * cores as the page being measured (docs/performance.md, "Sixth round"). A visitor's browser paid
 * that once, when its window opened, not when the page loads.
 */
export const BROWSER_UI_FEATURES_OFF = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/** `launchOptions` for Playwright. (Lighthouse launches through chrome-launcher, with its own flags.) */
export const PLAYWRIGHT_CHROMIUM = {
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES_OFF].join(",")}`],
};
