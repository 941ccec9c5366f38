// Browser-safe. The transactions worker's script, built apart from the page's JS by
// scripts/transactions-worker-build.mjs (it says why) and served from public/.
export const TRANSACTIONS_WORKER_URL = "/_workers/transactions.js";
