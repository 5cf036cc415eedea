import '@blueprintjs/table/lib/css/table.css';
import { Cell, Column, Table2 } from '@blueprintjs/table';
import type { ReportFigures, ReportView } from '@zelo/contracts/reports/read-models';
import { useMemo } from 'react';
import { formatDuration } from '../../../lib/duration.ts';
import { formatNumber, formatPercent } from '../../../lib/figures.ts';
import { type Translate, useT } from '../../../lib/i18n.ts';
import { languageAtom, useAtomValue } from '../../../lib/store.ts';
import { rowLabel } from '../lib/buckets.ts';
import { columnWidths } from '../lib/table-widths.ts';

interface Line {
  label: string;
  figures: ReportFigures;
  total?: boolean;
}

interface ColumnDef {
  name: string;
  cell: (f: ReportFigures) => string;
}

const ROW_HEIGHT = 24;
const HEADER_HEIGHT = 30;
const SCROLLBAR = 16;
const MAX_HEIGHT = 480;

/** Every figure, a column each, in the order of the cards. */
function figureColumns(t: Translate, lang: string): ColumnDef[] {
  const n = (v: number | null) => formatNumber(v, lang);
  const clocks = (['firstResponse', 'nextResponse', 'resolution'] as const).flatMap((clock) =>
    (['median', 'p90', 'average'] as const).map((stat) => ({
      name: `${t(`reports.${clock}`)} · ${t(`reports.${stat}`)}`,
      cell: (f: ReportFigures) => formatDuration(f[clock][stat]),
    })),
  );
  const slas = (['firstResponse', 'nextResponse', 'resolution'] as const).map((clock) => ({
    name: `${t('reports.slaShort')} · ${t(`reports.${clock}`)}`,
    cell: (f: ReportFigures) => {
      const s = f.sla[clock];
      return s.met + s.breached === 0
        ? formatPercent(null, lang)
        : `${formatPercent(s.rate, lang)} (${s.met}/${s.met + s.breached})`;
    },
  }));
  const csat = ([1, 2, 3] as const).map((score) => ({
    name: `${t('reports.csatShort')} · ${t(`reports.csat${score}`)}`,
    cell: (f: ReportFigures) => n(f.csat.distribution[score]),
  }));
  return [
    { name: t('reports.opened'), cell: (f) => n(f.opened) },
    { name: t('reports.resolved'), cell: (f) => n(f.resolved) },
    { name: t('reports.reopened'), cell: (f) => n(f.reopened) },
    { name: t('reports.botShare'), cell: (f) => formatPercent(f.botShare, lang) },
    ...clocks,
    ...slas,
    ...csat,
    {
      name: `${t('reports.csatShort')} · ${t('reports.responseRateShort')}`,
      cell: (f) => formatPercent(f.csat.responseRate, lang),
    },
    {
      name: `${t('reports.csatShort')} · ${t('reports.average')}`,
      cell: (f) => formatNumber(f.csat.average, lang, 2),
    },
  ];
}

const GROUP_NAME = {
  day: 'reports.groupDay',
  hour: 'reports.groupHour',
  agent: 'reports.groupAgent',
  queue: 'reports.groupQueue',
  connection: 'reports.groupConnection',
  tag: 'reports.groupTag',
} as const;

/** One row per group with every figure, then the period's total; only the visible cells render. */
export function ReportTable({ view }: { view: ReportView }) {
  const t = useT();
  const lang = useAtomValue(languageAtom);
  const lines: Line[] = useMemo(
    () => [
      ...view.rows.map((r) => ({ label: rowLabel(view.groupBy, r), figures: r })),
      { label: t('reports.total'), figures: view.summary, total: true },
    ],
    [view, t],
  );
  const columns: { name: string; cell: (line: Line) => string }[] = useMemo(() => {
    const group = GROUP_NAME[view.groupBy as keyof typeof GROUP_NAME] ?? 'reports.groupDay';
    return [
      { name: t(group), cell: (line: Line) => line.label },
      ...figureColumns(t, lang).map((c) => ({ name: c.name, cell: (line: Line) => c.cell(line.figures) })),
    ];
  }, [t, lang, view.groupBy]);
  // Every cell's text, computed once: the widths are measured from it and the cells show it.
  const texts = useMemo(() => columns.map((c) => [c.name, ...lines.map(c.cell)]), [columns, lines]);
  const widths = useMemo(() => columnWidths(texts), [texts]);
  const height = Math.min(MAX_HEIGHT, HEADER_HEIGHT + lines.length * ROW_HEIGHT + SCROLLBAR);

  return (
    <div className="report-table" style={{ height }} data-testid="report-table">
      <Table2
        numRows={lines.length}
        columnWidths={widths}
        rowHeights={lines.map(() => ROW_HEIGHT)}
        defaultRowHeight={ROW_HEIGHT}
        enableRowHeader={false}
        enableFocusedCell={false}
        numFrozenColumns={1}
        cellRendererDependencies={[texts]}
      >
        {columns.map((c, col) => (
          <Column
            key={c.name}
            name={c.name}
            cellRenderer={(row) => (
              <Cell
                className={lines[row]?.total ? 'report-total-cell' : undefined}
                style={col > 0 ? { textAlign: 'right' } : undefined}
              >
                {texts[col]?.[row + 1] ?? ''}
              </Cell>
            )}
          />
        ))}
      </Table2>
    </div>
  );
}
