// Types for scripts/server-bundle.mjs (plain JS: next.config.mjs imports it).
export declare const SERVER_BUNDLE: string;
export declare function bundleServer(outDir: string): Promise<string>;
