// Types for scripts/compile-hints.mjs (plain JS: next.config.mjs imports it).
export declare const COMPILE_HINT: string;
export declare function addCompileHints(distDir: string): Promise<number>;
