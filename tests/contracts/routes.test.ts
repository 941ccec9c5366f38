// Every contract's path leads to a route file that answers its method, and every
// method a route file answers has a contract: a path typo in lib/contracts would
// otherwise compile and only show as a 404 in the browser.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { AnyContract } from "@/lib/contracts/contract";

const ROOT = join(import.meta.dirname, "../..");
const API = join(ROOT, "app/api");

function isContract(value: unknown): value is AnyContract {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as AnyContract).path === "function" &&
    typeof (value as AnyContract).method === "string"
  );
}

/** The files contracts live in: lib/contracts/** and each feature's contracts.ts or contracts/**. */
function contractFiles(): string[] {
  const platform = readdirSync(join(ROOT, "lib/contracts"), { recursive: true, encoding: "utf8" }).map((file) =>
    join("lib/contracts", file),
  );
  const features = readdirSync(join(ROOT, "features"), { recursive: true, encoding: "utf8" })
    .filter((file) => /^[^/]+\/contracts(\.ts$|\/)/.test(file))
    .map((file) => join("features", file));
  return [...platform, ...features].filter((file) => file.endsWith(".ts"));
}

/** Contracts exported by the contract files, including per-region maps of them. */
async function allContracts(): Promise<[string, AnyContract][]> {
  const found: [string, AnyContract][] = [];
  for (const file of contractFiles()) {
    const exported = (await import(join(ROOT, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) {
      if (isContract(value)) found.push([name, value]);
      else if (typeof value === "object" && value !== null)
        for (const [key, inner] of Object.entries(value)) if (isContract(inner)) found.push([`${name}.${key}`, inner]);
    }
  }
  return found;
}

/** Any parameter the path builder reads is "sample": enough to pick the folder it lands in. */
const sampleArgs = new Proxy({}, { get: () => "sample" });

/** The route folder a URL path lands in: a static segment first, else the dynamic one. */
function routeFolder(pathname: string): string | undefined {
  let folder = ROOT + "/app";
  for (const segment of pathname.split("/").filter(Boolean)) {
    if (existsSync(join(folder, segment))) folder = join(folder, segment);
    else {
      const dynamic = readdirSync(folder).find((entry) => /^\[[^.\]]+\]$/.test(entry));
      if (!dynamic) return undefined;
      folder = join(folder, dynamic);
    }
  }
  return existsSync(join(folder, "route.ts")) ? folder : undefined;
}

const exportedMethods = (folder: string) =>
  [...readFileSync(join(folder, "route.ts"), "utf8").matchAll(/^export const (GET|POST|PUT|PATCH|DELETE)\b/gm)].map((m) => m[1]);

describe("contracts and route files", () => {
  it("every contract's path has a route file exporting its method", async () => {
    const contracts = await allContracts();
    expect(contracts.length).toBeGreaterThan(20);
    for (const [name, contract] of contracts) {
      const pathname = new URL(contract.path(sampleArgs as never), "http://localhost").pathname;
      const folder = routeFolder(pathname);
      expect(folder, `${name}: ${pathname}`).toBeDefined();
      expect(exportedMethods(folder!), `${name}: ${pathname}`).toContain(contract.method);
    }
  });

  it("every contract's input loader gives the BFF a schema", async () => {
    const loaders = (await allContracts()).filter(([, contract]) => contract.input !== null);
    expect(loaders.length).toBeGreaterThan(15);
    for (const [name, contract] of loaders) expect((await contract.input!())._zod, name).toBeDefined();
  });

  it("every method a route file exports has a contract", async () => {
    const covered = new Set<string>();
    for (const [, contract] of await allContracts()) {
      const folder = routeFolder(new URL(contract.path(sampleArgs as never), "http://localhost").pathname);
      if (folder) covered.add(`${contract.method} ${relative(API, folder)}`);
    }
    const routes = readdirSync(API, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith("route.ts"))
      .flatMap((file) => exportedMethods(join(API, file, "..")).map((method) => `${method} ${relative(API, join(API, file, ".."))}`));
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
  });
});
