"use client";

// Loaded only through lazy-charts.tsx: recharts is large, and pages without charts must not ship it.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney } from "@/lib/money";
import { pocketLabel } from "@/lib/rails";
import type { ChartSeries } from "@/features/transactions/worker-protocol";

const AXIS = { fontSize: 11, fill: "#334155" };
/**
 * Axis labels only ("260M" rather than 260000000): the bars are drawn from doubles, and the
 * exact decimal total of a day is in its tooltip. Three ticks: in a chart this short recharts
 * dropped one of five, which left unevenly spaced labels.
 */
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const axisLabel = (value: number) => compact.format(value);

/** The series are summed in the transactions worker (chart-data.ts), exactly; this only draws them. */
export default function TransactionCharts({ series: { volume, rails } }: { series: ChartSeries }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <figure className="rounded-lg border border-slate-200 bg-white p-4">
        <figcaption className="text-sm font-semibold text-slate-900">Volume per day, per currency</figcaption>
        <div className="mt-2 space-y-4">
          {volume.currencies.map((currency) => (
            <div key={currency}>
              <p className="text-xs font-medium text-slate-700">{pocketLabel(currency)}</p>
              <div className="h-32" role="img" aria-label={`Daily volume in ${pocketLabel(currency)}`}>
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={volume.series[currency]}>
                    <CartesianGrid strokeDasharray="3 3" vertical={false} />
                    <XAxis dataKey="day" tick={AXIS} minTickGap={24} />
                    <YAxis tick={AXIS} width={48} tickFormatter={axisLabel} tickCount={3} />
                    <Tooltip
                      formatter={(_value, _name, item) => [formatMoney((item.payload as { exact: string }).exact, currency), "Volume"]}
                    />
                    <Bar dataKey="volume" fill="#4338ca" isAnimationActive={false} />
                  </BarChart>
                </ResponsiveContainer>
              </div>
            </div>
          ))}
        </div>
      </figure>
      <figure className="rounded-lg border border-slate-200 bg-white p-4">
        <figcaption className="text-sm font-semibold text-slate-900">Transactions per rail</figcaption>
        <div className="mt-2 h-64" role="img" aria-label={`Count per rail: ${rails.map((r) => `${r.label} ${r.count}`).join(", ")}`}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={rails} layout="vertical" margin={{ left: 24 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" tick={AXIS} allowDecimals={false} />
              <YAxis type="category" dataKey="label" tick={AXIS} width={80} />
              <Tooltip />
              <Bar dataKey="count" fill="#0f766e" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </div>
  );
}
