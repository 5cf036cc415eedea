import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
  /** One value per category; null draws no bar (nothing measured). */
  values: (number | null)[];
}

interface Props {
  /** The chart's accessible name, also its heading. */
  label: string;
  /** The bars' groups, by a unique key, named by their label. */
  categories: { key: string; label: string }[];
  series: ChartSeries[];
  /** Bars grow rightwards, one row per category (agents, queues...), instead of upwards (days, hours). */
  horizontal?: boolean;
  /** How a value reads in a bar's tooltip and the text alternative. */
  format: (value: number) => string;
  /** The value axis counts in `factor` units named `suffix` (durations); whole counts without it. */
  unit?: { factor: number; suffix: string };
  testId: string;
}

const VERTICAL_HEIGHT = 240;
const MAX_BAR = 28;
const BAR_THICKNESS = 12;
/** A horizontal chart's row: the same whatever the series, so side-by-side charts line up. */
const ROW_HEIGHT = 36;
const AXIS_TICK = { fill: 'currentColor', fontSize: 11 } as const;

/** Bars of one or more series per category, sized to its container, with a text alternative. */
export function BarChart(props: Props) {
  const { label, categories, series, horizontal, format, testId } = props;
  const height = horizontal ? categories.length * ROW_HEIGHT + 36 : VERTICAL_HEIGHT;
  const description = categories
    .map((c, i) => `${c.label}: ${series.map((s) => `${s.label} ${value(s.values[i], format)}`).join(', ')}`)
    .join('; ');
  return (
    <figure className="report-chart" data-testid={testId}>
      <ParentSize debounceTime={50} parentSizeStyles={{ width: '100%', height }}>
        {({ width }) =>
          width > 0 && (
            <svg width={width} height={height} role="img" aria-label={label}>
              <title>{label}</title>
              <desc>{description}</desc>
              {horizontal ? (
                <Horizontal {...props} width={width} />
              ) : (
                <Vertical {...props} width={width} height={height} />
              )}
            </svg>
          )
        }
      </ParentSize>
      {series.length > 1 && (
        <figcaption className="report-chart-legend">
          {series.map((s) => (
            <span key={s.key}>
              <i style={{ background: s.color }} aria-hidden />
              {s.label}
            </span>
          ))}
        </figcaption>
      )}
    </figure>
  );
}

const value = (v: number | null, format: (v: number) => string) => (v === null ? '—' : format(v));

/** The value axis: nice ticks in the chosen unit, whole numbers only (never "0.5 s"). */
function valueScale(series: ChartSeries[], unit: Props['unit'], range: [number, number]) {
  const factor = unit?.factor ?? 1;
  const max = Math.max(0, ...series.flatMap((s) => s.values.map((v) => (v ?? 0) / factor)));
  const scale = scaleLinear({ domain: [0, Math.max(1, max)], range, nice: true });
  const ticks = scale.ticks(4).filter(Number.isInteger);
  const tickFormat = (t: unknown) => (unit ? `${Number(t)} ${unit.suffix}` : String(t));
  return { scale, ticks, tickFormat, factor };
}

/** At most one label per `minGap` pixels: a 90-day chart labels every few days. */
const thinned = (domain: string[], length: number, minGap: number) => {
  const step = Math.max(1, Math.ceil(domain.length / Math.max(1, Math.floor(length / minGap))));
  return domain.filter((_, i) => i % step === 0);
};

function Vertical({
  categories,
  series,
  format,
  unit,
  width,
  height,
}: Props & { width: number; height: number }) {
  const margin = { top: 10, right: 8, bottom: 28, left: unit ? 52 : 40 };
  const innerW = Math.max(0, width - margin.left - margin.right);
  const innerH = height - margin.top - margin.bottom;
  const domain = categories.map((c) => c.key);
  const labelOf = new Map(categories.map((c) => [c.key, c.label]));
  // Many buckets (a quarter by day) leave little room: thinner gaps, bars of a bucket touching.
  const dense = categories.length > 31;
  const outer = scaleBand({ domain, range: [0, innerW], padding: dense ? 0.12 : 0.25 });
  const inner = scaleBand({
    domain: series.map((s) => s.key),
    range: [0, outer.bandwidth()],
    padding: dense ? 0 : 0.1,
  });
  const y = valueScale(series, unit, [innerH, 0]);
  const barW = Math.min(inner.bandwidth(), MAX_BAR);
  return (
    <Group left={margin.left} top={margin.top}>
      {series.map((s) =>
        s.values.map((v, i) => {
          if (v === null) return null;
          const top = y.scale(v / y.factor) ?? innerH;
          const x = (outer(categories[i].key) ?? 0) + (inner(s.key) ?? 0) + (inner.bandwidth() - barW) / 2;
          return (
            <Bar
              key={`${s.key}-${categories[i].key}`}
              x={x}
              y={top}
              width={barW}
              height={innerH - top}
              fill={s.color}
              rx={2}
            >
              <title>{`${categories[i].label} · ${s.label}: ${format(v)}`}</title>
            </Bar>
          );
        }),
      )}
      <AxisLeft
        scale={y.scale}
        tickValues={y.ticks}
        tickFormat={y.tickFormat}
        stroke="currentColor"
        tickStroke="currentColor"
        tickLabelProps={{ ...AXIS_TICK, textAnchor: 'end', dx: -4, dy: 3 }}
      />
      <AxisBottom
        top={innerH}
        scale={outer}
        tickValues={thinned(domain, innerW, 56)}
        tickFormat={(k) => labelOf.get(k) ?? ''}
        stroke="currentColor"
        tickStroke="currentColor"
        tickLabelProps={{ ...AXIS_TICK, textAnchor: 'middle' }}
      />
    </Group>
  );
}

function Horizontal({ categories, series, format, unit, width }: Props & { width: number }) {
  const left = Math.round(Math.min(160, Math.max(72, width * 0.3)));
  const margin = { top: 4, right: 16, bottom: 28, left };
  const innerW = Math.max(0, width - margin.left - margin.right);
  const innerH = categories.length * ROW_HEIGHT;
  const domain = categories.map((c) => c.key);
  const labelOf = new Map(categories.map((c) => [c.key, c.label]));
  const outer = scaleBand({ domain, range: [0, innerH], padding: 0.2 });
  const inner = scaleBand({ domain: series.map((s) => s.key), range: [0, outer.bandwidth()], padding: 0.1 });
  const x = valueScale(series, unit, [0, innerW]);
  // Long names are cut to what fits beside the bars (about 6.5 px a character at 11 px).
  const fit = Math.max(4, Math.floor((left - 10) / 6.5));
  const short = (s: string) => (s.length > fit ? `${s.slice(0, fit - 1)}…` : s);
  return (
    <Group left={margin.left} top={margin.top}>
      {series.map((s) =>
        s.values.map((v, i) => {
          if (v === null) return null;
          const thick = Math.min(inner.bandwidth(), BAR_THICKNESS);
          const y = (outer(categories[i].key) ?? 0) + (inner(s.key) ?? 0) + (inner.bandwidth() - thick) / 2;
          return (
            <Bar
              key={`${s.key}-${categories[i].key}`}
              x={0}
              y={y}
              width={x.scale(v / x.factor) ?? 0}
              height={thick}
              fill={s.color}
              rx={2}
            >
              <title>{`${categories[i].label} · ${s.label}: ${format(v)}`}</title>
            </Bar>
          );
        }),
      )}
      <AxisLeft
        scale={outer}
        tickFormat={(k) => short(labelOf.get(k) ?? '')}
        stroke="currentColor"
        tickStroke="currentColor"
        tickLabelProps={{ ...AXIS_TICK, textAnchor: 'end', dx: -4, dy: 3 }}
      />
      <AxisBottom
        top={innerH}
        scale={x.scale}
        tickValues={x.ticks}
        tickFormat={x.tickFormat}
        stroke="currentColor"
        tickStroke="currentColor"
        tickLabelProps={{ ...AXIS_TICK, textAnchor: 'middle' }}
      />
    </Group>
  );
}
