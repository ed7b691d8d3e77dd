import { useId } from "react";
import { cn } from "~/lib/utils";

/**
 * The reports' charts, drawn as SVG on the server (no chart script). Across they are laid out in
 * percentages, so bars fill any width while their labels keep a readable size; colours come from
 * the theme's variables, so both themes draw them. Each is an image with a title: the numbers are
 * in the table beside it.
 */

/** A series' fill, by theme variable. */
export const SERIES_FILLS = ["var(--accent)", "var(--muted-foreground)", "var(--success)", "var(--accent-strong)"];

export interface ColumnSeries {
  label: string;
  values: number[];
}

const PLOT_TOP = 18;
const PLOT_HEIGHT = 168;
const AXIS_GAP = 22;
/** The left share of the width (percent) kept for the grid's values. */
const PLOT_LEFT = 7;

/** A rounded, readable top for the value axis (4, 15, 30, 250 …) at or above `max`. */
function niceMax(max: number): number {
  if (max <= 4) return Math.max(1, Math.ceil(max));
  const step = 10 ** Math.floor(Math.log10(max));
  return [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map((m) => m * step).find((n) => n >= max) ?? 10 * step;
}

/** Columns per period, stacked by series (one series: plain columns), on a light value grid. */
export function ColumnChart({
  title,
  labels,
  series,
  className,
}: {
  title: string;
  /** One short label per column ("11/2"): under every column when few, else under every few. */
  labels: string[];
  series: ColumnSeries[];
  className?: string;
}) {
  const titleId = useId();
  const totals = labels.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const top = niceMax(Math.max(0, ...totals));
  const slot = (100 - PLOT_LEFT) / Math.max(1, labels.length);
  const every = Math.ceil(labels.length / 7);
  const y = (value: number) => PLOT_TOP + PLOT_HEIGHT - (value / top) * PLOT_HEIGHT;
  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      width="100%"
      height={PLOT_TOP + PLOT_HEIGHT + AXIS_GAP}
      className={cn("block text-[11px]", className)}
    >
      <title id={titleId}>{title}</title>
      {[0.5, 1]
        .filter((f) => Number.isInteger(top * f))
        .map((f) => (
        <line key={f} x1={`${PLOT_LEFT}%`} x2="100%" y1={y(top * f)} y2={y(top * f)} stroke="var(--border)" strokeDasharray="3 3" />
      ))}
      {labels.map((label, i) => {
        let base = 0;
        return (
          <g key={label + i}>
            {series.map((s, k) => {
              const value = s.values[i] ?? 0;
              if (value <= 0) return null;
              const from = base;
              base += value;
              return (
                <rect
                  key={s.label}
                  x={`${PLOT_LEFT + i * slot + slot * 0.15}%`}
                  width={`${slot * 0.7}%`}
                  y={y(base)}
                  height={Math.max(1, y(from) - y(base))}
                  fill={SERIES_FILLS[k % SERIES_FILLS.length]}
                  stroke="var(--surface)"
                  strokeWidth={1}
                />
              );
            })}
            {i % every === 0 ? (
              <text
                x={`${PLOT_LEFT + i * slot + slot / 2}%`}
                y={PLOT_TOP + PLOT_HEIGHT + 16}
                textAnchor="middle"
                fill="var(--muted-foreground)"
              >
                {label}
              </text>
            ) : null}
          </g>
        );
      })}
      <line x1={`${PLOT_LEFT}%`} x2="100%" y1={y(0)} y2={y(0)} stroke="var(--muted-foreground)" />
      {/* The grid's values (whole numbers only), left of the columns. */}
      {[0.5, 1]
        .filter((f) => Number.isInteger(top * f))
        .map((f) => (
        <text
          key={f}
          x="2"
          y={y(top * f) - 4}
          fill="var(--muted-foreground)"
          stroke="var(--surface)"
          strokeWidth={3}
          paintOrder="stroke"
        >
            {(top * f).toLocaleString("en-US")}
          </text>
        ))}
    </svg>
  );
}

/** One bar per item, its label above it and its value (as written) at its end. */
export function BarList({
  title,
  items,
  max,
  className,
}: {
  title: string;
  items: { label: string; value: number; text: string }[];
  /** The value a full bar stands for (a rate's 1); the largest value when absent. */
  max?: number;
  className?: string;
}) {
  const titleId = useId();
  const full = max ?? Math.max(1, ...items.map((i) => i.value));
  const row = 44;
  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      width="100%"
      height={Math.max(1, items.length) * row}
      className={cn("block text-[13px]", className)}
    >
      <title id={titleId}>{title}</title>
      {items.map((item, i) => {
        const share = Math.min(1, Math.max(0, item.value / full));
        return (
          <g key={item.label}>
            <text x="0" y={i * row + 15} fill="var(--foreground)">
              {item.label}
            </text>
            <text x="100%" y={i * row + 15} textAnchor="end" fill="var(--muted-foreground)">
              {item.text}
            </text>
            <rect x="0" y={i * row + 22} width="100%" height={12} fill="var(--surface-muted)" />
            <rect x="0" y={i * row + 22} width={`${share * 100}%`} height={12} fill="var(--accent)" />
          </g>
        );
      })}
    </svg>
  );
}

/** The series' names with their colours, as text beside the chart. */
export function ChartLegend({ labels }: { labels: string[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {labels.map((label, k) => (
        <li key={label} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block size-3"
            style={{ background: SERIES_FILLS[k % SERIES_FILLS.length] }}
          />
          {label}
        </li>
      ))}
    </ul>
  );
}
