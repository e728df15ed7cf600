import { useEffect, useRef, useState } from "react";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { CLICK_PLACEMENT_LABELS, clickChartSummary, formatClickDay, type ClickDay } from "~/modules/dashboard/dashboard.schema";
import { OUTBOUND_PLACEMENTS } from "~/modules/outbound/outbound-paths";
import { formatNumberTr } from "~/lib/numbers";

// Issue 11 §4: clicks per day on the dashboard. uPlot (about 22 KB gzip, no dependencies) is
// loaded by this admin-only component after hydration, so no public page's JavaScript
// carries it (tests/e2e/outbound.test.ts checks). The table below is the chart's text
// alternative, and what the server renders before the chart is drawn.

const HEIGHT = 260;
const COLORS: Record<"total" | (typeof OUTBOUND_PLACEMENTS)[number], string> = {
  total: "#0f172a",
  card: "#2563eb",
  detail: "#16a34a",
  casino: "#d97706",
  splash: "#db2777",
};

function chartOptions(days: readonly ClickDay[], width: number): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    scales: { x: { time: false } },
    cursor: { drag: { x: false, y: false } },
    axes: [
      { values: (_u, splits) => splits.map((i) => (Number.isInteger(i) && days[i] ? formatClickDay(days[i].day) : "")), space: 60 },
      { values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? formatNumberTr(v) : "")), size: 56 },
    ],
    series: [
      { label: "Gün", value: (_u, i) => (i === null || !days[i] ? "—" : formatClickDay(days[i].day)) },
      { label: "Toplam", stroke: COLORS.total, width: 2.5, points: { show: false } },
      ...OUTBOUND_PLACEMENTS.map((placement) => ({ label: CLICK_PLACEMENT_LABELS[placement], stroke: COLORS[placement], width: 1.5, points: { show: false } })),
    ],
  };
}

function chartData(days: readonly ClickDay[]): uPlot.AlignedData {
  return [days.map((_, i) => i), days.map((day) => day.total), ...OUTBOUND_PLACEMENTS.map((placement) => days.map((day) => day[placement]))];
}

export function ClicksChart({ days }: { days: ClickDay[] }) {
  const container = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    void import("uplot").then(({ default: UPlot }) => {
      if (cancelled) return;
      chart = new UPlot(chartOptions(days, element.clientWidth), chartData(days), element);
      observer = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: HEIGHT }));
      observer.observe(element);
      setDrawn(true);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days]);

  const summary = clickChartSummary(days);
  return (
    <figure className="m-0">
      {/* The canvas says nothing to a screen reader: the summary and the table do. */}
      <div ref={container} role="img" aria-label={summary} data-chart={drawn ? "drawn" : "loading"} className="relative w-full" style={{ minHeight: HEIGHT + 40 }}>
        {!drawn && <div aria-hidden="true" className="absolute inset-0 animate-pulse rounded-lg bg-slate-100" />}
      </div>
      <figcaption className="mt-2 text-sm text-slate-600">{summary}</figcaption>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-slate-700">Günlük tıklamalar tablosu</summary>
        <div className="mt-2 max-h-80 overflow-y-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Son {days.length} günün günlük tıklamaları, yerleşime göre</caption>
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th scope="col" className="py-1 pr-3">
                  Gün
                </th>
                <th scope="col" className="py-1 pr-3 text-right">
                  Toplam
                </th>
                {OUTBOUND_PLACEMENTS.map((placement) => (
                  <th key={placement} scope="col" className="py-1 pr-3 text-right">
                    {CLICK_PLACEMENT_LABELS[placement]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 tabular-nums">
              {days.map((day) => (
                <tr key={day.day}>
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {formatClickDay(day.day, true)}
                  </th>
                  <td className="py-1 pr-3 text-right font-semibold">{formatNumberTr(day.total)}</td>
                  {OUTBOUND_PLACEMENTS.map((placement) => (
                    <td key={placement} className="py-1 pr-3 text-right">
                      {formatNumberTr(day[placement])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
