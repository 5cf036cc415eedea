import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import type { ChartPoint } from '../api/dashboard.ts';

const HEIGHT = 260;
const MARGIN = { top: 12, right: 12, bottom: 48, left: 36 };
const MAX_BAR = 56;

/** A plain vertical bar chart that follows its container's width and the current theme's text colour. */
export function BarChart({ data, color = '#2d72d2' }: { data: ChartPoint[]; color?: string }) {
  return (
    <ParentSize debounceTime={50} parentSizeStyles={{ width: '100%', height: HEIGHT }}>
      {({ width }) => {
        const innerW = Math.max(0, width - MARGIN.left - MARGIN.right);
        const innerH = HEIGHT - MARGIN.top - MARGIN.bottom;
        const x = scaleBand({ domain: data.map((d) => d.label), range: [0, innerW], padding: 0.3 });
        const y = scaleLinear({
          domain: [0, Math.max(1, ...data.map((d) => d.value))],
          range: [innerH, 0],
          nice: true,
        });
        return (
          <svg width={width} height={HEIGHT} role="img" aria-label="bar chart" data-testid="bar-chart">
            <title>{data.map((d) => `${d.label}: ${d.value}`).join(', ')}</title>
            <Group left={MARGIN.left} top={MARGIN.top}>
              {data.map((d) => {
                const h = innerH - (y(d.value) ?? innerH);
                // A few points would make slabs as wide as the chart: cap the bar, centred in its band.
                const w = Math.min(x.bandwidth(), MAX_BAR);
                return (
                  <Bar
                    key={d.label}
                    x={(x(d.label) ?? 0) + (x.bandwidth() - w) / 2}
                    y={innerH - h}
                    width={w}
                    height={h}
                    fill={color}
                    rx={3}
                  >
                    <title>{`${d.label}: ${d.value}`}</title>
                  </Bar>
                );
              })}
              <AxisLeft
                scale={y}
                tickValues={y.ticks(4).filter(Number.isInteger)}
                tickFormat={(v) => String(v)}
                stroke="currentColor"
                tickStroke="currentColor"
                tickLabelProps={{ fill: 'currentColor', fontSize: 11, textAnchor: 'end', dx: -4, dy: 3 }}
              />
              <AxisBottom
                top={innerH}
                scale={x}
                stroke="currentColor"
                tickStroke="currentColor"
                tickLabelProps={{ fill: 'currentColor', fontSize: 11, textAnchor: 'middle' }}
              />
            </Group>
          </svg>
        );
      }}
    </ParentSize>
  );
}
