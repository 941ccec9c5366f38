// CPU time spent by each party of a measurement, read from /proc (Linux). On a machine
// with few cores, a load that needs more CPU than the cores can give in the floor's time
// cannot match the floor, however it is scheduled: this turns that bound into a figure
// measured in the same run, instead of an estimate.
import { readdirSync, readFileSync } from "node:fs";
import { seconds } from "./stats";

/** Linux reports utime and stime in clock ticks; 100 per second on every kernel this bench targets (`getconf CLK_TCK`). */
const TICKS_PER_SECOND = 100;

export const CPU_PARTIES = ["bff", "simulator", "renderer", "chromium", "driver"] as const;
export type CpuParty = (typeof CPU_PARTIES)[number];
/** Milliseconds of CPU per party. */
export type CpuUse = Record<CpuParty, number>;

/** Process-group ids of the servers the bench started (each runs in a group of its own). */
export type CpuGroups = { bff?: number; simulator?: number };

type Sample = { perProcess: Map<number, { party: CpuParty; ms: number }>; driverMs: number };

function read(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null; // The process ended between the listing and the read.
  }
}

function partyOf(pid: number, pgrp: number, groups: CpuGroups): CpuParty | null {
  if (pgrp === groups.bff) return "bff";
  if (pgrp === groups.simulator) return "simulator";
  const cmdline = read(`/proc/${pid}/cmdline`);
  // Debian's /usr/bin/chromium is a shell wrapper around /usr/lib/chromium/chromium.
  if (!cmdline?.startsWith("/usr/lib/chromium/chromium")) return null;
  return cmdline.includes("--type=renderer") ? "renderer" : "chromium";
}

/** What /proc/<pid>/stat says of a process, or null once it has ended. */
export type ProcessStat = {
  pgrp: number;
  /** CPU so far, all its threads, in ms. */
  cpuMs: number;
  /** Minor page faults so far: fresh memory, which costs 0.5-4 s per GB on the machines this runs on. */
  minorFaults: number;
};

export function processStat(pid: number): ProcessStat | null {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  // Fields after "comm)": state ppid pgrp session tty tpgid flags minflt … utime stime; comm may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return {
    pgrp: Number(fields[2]),
    cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND,
    minorFaults: Number(fields[7]),
  };
}

export function sampleCpu(groups: CpuGroups): Sample {
  const perProcess: Sample["perProcess"] = new Map();
  for (const name of readdirSync("/proc")) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const stat = processStat(pid);
    if (!stat) continue;
    const party = partyOf(pid, stat.pgrp, groups);
    if (party) perProcess.set(pid, { party, ms: stat.cpuMs });
  }
  const { user, system } = process.cpuUsage();
  return { perProcess, driverMs: (user + system) / 1000 };
}

/** CPU used between two samples; a process that started in between counts from zero. */
export function cpuBetween(before: Sample, after: Sample): CpuUse {
  const use: CpuUse = { bff: 0, simulator: 0, renderer: 0, chromium: 0, driver: after.driverMs - before.driverMs };
  for (const [pid, { party, ms }] of after.perProcess) use[party] += ms - (before.perProcess.get(pid)?.ms ?? 0);
  return use;
}

export const cpuTotal = (use: CpuUse) => CPU_PARTIES.reduce((sum, party) => sum + use[party], 0);

/** The shortest wall time in which `use` fits on `cores`, even if every core were busy all along. */
export const cpuBoundMs = (use: CpuUse, cores: number) => cpuTotal(use) / cores;

/** That shortest time against a floor: a ratio no schedule can beat, only less work. */
export const cpuBoundRatio = (use: CpuUse, cores: number, floorMs: number) => cpuBoundMs(use, cores) / floorMs;

export function meanCpu(uses: readonly CpuUse[]): CpuUse {
  return Object.fromEntries(CPU_PARTIES.map((party) => [party, uses.reduce((sum, use) => sum + use[party], 0) / uses.length])) as CpuUse;
}

const LABELS: Record<CpuParty, string> = {
  bff: "BFF",
  simulator: "simulator",
  renderer: "Chromium renderer",
  chromium: "other Chromium processes",
  driver: "bench driver",
};

/** "BFF 1.40 s, simulator 0.40 s, …", parties that used no CPU left out. */
export function describeCpu(use: CpuUse): string {
  return CPU_PARTIES.filter((party) => use[party] > 0)
    .map((party) => `${LABELS[party]} ${seconds(use[party])}`)
    .join(", ");
}
