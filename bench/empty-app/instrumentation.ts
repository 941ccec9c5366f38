// Present so Next does not pick up the dashboard's instrumentation.ts (Turbopack's root is the repo,
// which holds the lockfile): the empty page must start without the dashboard's configuration.
export function register(): void {}
