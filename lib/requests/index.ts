// Browser-safe entry point for request schemas (no "server-only"): forms import from here.
export * from "./common";
export * from "./core";
export * from "./bangladesh";
export * from "./brazil";
export * from "./india";
export * from "./europe";
export * from "./nigeria";
export * from "./pyusd";
