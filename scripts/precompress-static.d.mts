// Types for scripts/precompress-static.mjs (plain JS: next.config.mjs imports it).
export declare const COMPRESSIBLE: RegExp;
export declare function compressedCopies(source: Buffer): Promise<{ br: Buffer; gz: Buffer }>;
export declare function precompressStatic(distDir: string): Promise<number>;
