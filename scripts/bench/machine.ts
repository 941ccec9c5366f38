// What the figures were measured on: they are only comparable on the same machine and load.
import { execFileSync } from "node:child_process";
import os from "node:os";
import { CHROMIUM_PATH } from "../chromium";
import type { MachineSpeed } from "./machine-speed";

export type Machine = {
  date: string;
  cpus: string;
  nproc: number;
  memoryGb: number;
  node: string;
  chromium: string;
  loadAtStart: string;
  loadAtEnd?: string;
  /** Measured at the start of the run, before anything else (machine-speed.ts). */
  speed?: MachineSpeed;
};

export function uptime(): string {
  try {
    return execFileSync("uptime", { encoding: "utf8" }).trim();
  } catch {
    return `load average: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`;
  }
}

export function describeMachine(): Machine {
  let chromium = "unknown";
  try {
    chromium = execFileSync(CHROMIUM_PATH, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    // Reported as unknown.
  }
  return {
    date: new Date().toISOString(),
    cpus: os.cpus()[0]?.model ?? "unknown",
    nproc: os.availableParallelism(),
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    chromium,
    loadAtStart: uptime(),
  };
}
