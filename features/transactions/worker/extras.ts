// The worker's share of the engine (engine.ts EngineExtras): the charts' series and the CSV.
// Its own module so only the worker's bundle carries chart-data, the date helpers and csv.
import { countPerRail, volumePerDay } from "../chart-data";
import { rowsOf } from "../columns";
import { transactionsToCsv } from "../csv";
import type { EngineExtras } from "./engine";

export const WORKER_EXTRAS: EngineExtras = {
  charts: (rows) => ({ volume: volumePerDay(rows), rails: countPerRail(rows) }),
  csv: (rows) => transactionsToCsv(rowsOf(rows)),
};
