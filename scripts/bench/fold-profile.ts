// Folds a V8 .cpuprofile (node --cpu-prof, as bff-cpu.ts's BFF_PROF writes) into tables: self
// time by where the code lives (GC, Node, undici, Next, React, pg, our chunks…), self time by
// function, and inclusive time by function (each sample counted once per function on its
// stack). WINDOW=from-to (µs of CLOCK_MONOTONIC, as bff-cpu.ts prints per load) keeps the samples
// of one load. Not a test: `npx tsx scripts/bench/fold-profile.ts <file.cpuprofile> [top]`.
import { readFileSync } from "node:fs";
import path from "node:path";

type Frame = { functionName: string; url: string; lineNumber: number };
type Node = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error("usage: fold-profile.ts <file.cpuprofile> [top]");
const TOP = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

/** Where a frame's code lives, by its script's URL. */
function area({ functionName, url }: Frame): string {
  if (functionName === "(garbage collector)") return "GC";
  if (functionName === "(idle)" || functionName === "(program)" || functionName === "(root)") return functionName;
  if (url === "") return "V8 builtins / native";
  if (url.startsWith("node:")) return "Node internals";
  for (const name of ["undici", "pg", "pg-protocol", "kysely", "iron-session", "iron-webcrypto", "zod", "react-dom", "react"])
    if (url.includes(`/node_modules/${name}/`)) return name;
  if (url.includes("/node_modules/next/")) return "next (node_modules)";
  if (url.includes("/server/chunks/ssr/")) return "our + bundled: SSR chunks";
  if (url.includes("/server/chunks/")) return "our + bundled: route chunks";
  if (url.includes("/server/app/")) return "route entries";
  if (url.includes("server.mjs")) return "server.mjs (edge)";
  return `other: ${path.basename(url)}`;
}

const label = ({ functionName, url, lineNumber }: Frame) =>
  `${functionName || "(anonymous)"} ${url ? `${path.basename(url)}:${lineNumber + 1}` : ""}`.trim();

const [from, to] = (process.env.WINDOW ?? "0-Infinity").split("-").map(Number) as [number, number];

const selfMs = new Map<number, number>();
const inclusive = new Map<string, number>();
let totalMs = 0;
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i] ?? 0;
  if (at < from || at > to) continue;
  const ms = (profile.timeDeltas[i] ?? 0) / 1000;
  const id = profile.samples[i]!;
  selfMs.set(id, (selfMs.get(id) ?? 0) + ms);
  totalMs += ms;
  const seen = new Set<string>();
  for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
    const key = label(byId.get(node)!.callFrame);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
  }
}

const sum = (entries: Iterable<[string, number]>) => {
  const out = new Map<string, number>();
  for (const [key, ms] of entries) out.set(key, (out.get(key) ?? 0) + ms);
  return [...out].sort((a, b) => b[1] - a[1]);
};
const rows = [...selfMs].map(([id, ms]) => [byId.get(id)!.callFrame, ms] as const);
const print = (title: string, list: [string, number][], top: number) => {
  console.log(`\n${title}`);
  for (const [key, ms] of list.slice(0, top))
    console.log(`${ms.toFixed(0).padStart(7)} ms  ${((ms / totalMs) * 100).toFixed(1).padStart(5)}%  ${key}`);
};
const idle = sum(rows.map(([frame, ms]) => [area(frame), ms])).find(([key]) => key === "(idle)")?.[1] ?? 0;
console.log(`${path.basename(file)}: ${totalMs.toFixed(0)} ms sampled, ${(totalMs - idle).toFixed(0)} ms not idle`);
print("self time by area", sum(rows.map(([frame, ms]) => [area(frame), ms])), 20);
print("self time by function", sum(rows.map(([frame, ms]) => [label(frame), ms])), TOP);
print(
  "inclusive time by function",
  [...inclusive].filter(([key]) => !key.startsWith("(")).sort((a, b) => b[1] - a[1]),
  TOP,
);
