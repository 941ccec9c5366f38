// The app's pages, discovered from the built app's route list so pages added by other
// issues (pay-ins, payouts…) are measured without editing this file. Dynamic segments
// are filled with one representative value each: a region from its list and a real id
// from the simulator's live list.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { DASHBOARD_DIST_DIR, PAGE_SIZE, ROOT } from "./config";
import { getPage } from "./floor";

/**
 * The sign-in a page is for: none (the sign-in form), one still owing its code or its enrolment
 * (the two second-factor pages, which send anyone else on), or a signed-in admin.
 */
export type PageSession = "none" | "code" | "enrolment" | "signed-in";

export type AppPage = { route: string; path: string; session: PageSession };

const SESSION_OF: Record<string, PageSession> = { "/sign-in": "none", "/sign-in/code": "code", "/sign-in/enrol": "enrolment" };

/**
 * Where a measured page load ended, when that is not the page asked for (a sign-in it was not
 * given sends it on): its figures would be the other page's. Null when it stayed.
 */
export function landedElsewhere(asked: string, landed: string): string | null {
  const path = new URL(landed).pathname;
  return path === new URL(asked).pathname ? null : path;
}

/** Representative region per dynamic `[region]` segment (lib/regions/regions.ts lists them). */
const REGION = "bangladesh";

type Sample = { id: string; rail: string; type: string };

async function sampleRows(): Promise<Sample[]> {
  const rows: Sample[] = [];
  for (let offset = 0; offset < 10 * PAGE_SIZE; offset += PAGE_SIZE) rows.push(...(await getPage(offset)).items);
  return rows;
}

function fill(route: string, rows: Sample[]): string | null {
  const pick = (rail: string | null, type: string | null) =>
    rows.find((r) => (rail === null || r.rail === rail) && (type === null || r.type === type))?.id ?? null;
  let id: string | null = null;
  if (route === "/transactions/[id]") id = pick(null, null);
  else if (route === "/nigeria/payouts/[id]") id = pick("nigeria", "payout");
  else if (route === "/payins/[region]/[id]") id = pick(REGION, "payin");
  else if (route === "/payouts/[region]/[id]") id = pick(REGION, "payout");
  const filled = route.replace("[region]", REGION);
  if (!filled.includes("[id]")) return /\[/.test(filled) ? null : filled;
  return id === null ? null : filled.replace("[id]", encodeURIComponent(id));
}

export async function discoverPages(): Promise<{ pages: AppPage[]; skipped: string[] }> {
  const manifest = JSON.parse(await readFile(path.join(ROOT, DASHBOARD_DIST_DIR, "app-path-routes-manifest.json"), "utf8")) as Record<
    string,
    string
  >;
  const routes = Object.entries(manifest)
    .filter(([entry, route]) => entry.endsWith("/page") && !route.startsWith("/_"))
    .map(([, route]) => route)
    .sort((a, b) => (a === "/sign-in" ? -1 : b === "/sign-in" ? 1 : a < b ? -1 : 1));
  const rows = await sampleRows();
  const pages: AppPage[] = [];
  const skipped: string[] = [];
  for (const route of routes) {
    const filled = fill(route, rows);
    if (filled === null) skipped.push(route);
    else pages.push({ route, path: filled, session: SESSION_OF[route] ?? "signed-in" });
  }
  return { pages, skipped };
}
