import type {
  Durations,
  ReportFigures,
  ReportView,
  SlaAttainment,
} from '@zelo/contracts/reports/read-models';

// GET /reports/export/ (issue 24): the report as a spreadsheet opens it — UTF-8 with a BOM (so that
// Excel reads the accents), a header row, one row per group and a total row. Durations in seconds of
// business time, rates as fractions (0.75), empty where nothing was measured.

const GROUP_HEADER: Record<string, string> = {
  day: 'Dia',
  hour: 'Hora',
  agent: 'Agente',
  queue: 'Fila',
  connection: 'Conexão',
  tag: 'Tag',
};

const durationHeaders = (name: string) => [
  `${name} mediana (s)`,
  `${name} p90 (s)`,
  `${name} média (s)`,
  `${name} medidos`,
];
const slaHeaders = (name: string) => [`SLA ${name} cumpridos`, `SLA ${name} violados`, `SLA ${name} taxa`];

const HEADERS = [
  'Abertos',
  'Resolvidos',
  'Reabertos',
  'Resolvidos pelo bot',
  'Parcela do bot',
  ...durationHeaders('Primeira resposta'),
  ...durationHeaders('Próxima resposta'),
  ...durationHeaders('Resolução'),
  ...slaHeaders('primeira resposta'),
  ...slaHeaders('próxima resposta'),
  ...slaHeaders('resolução'),
  'CSAT 1',
  'CSAT 2',
  'CSAT 3',
  'CSAT taxa de resposta',
  'CSAT média',
];

const rate = (n: number | null) => (n === null ? '' : String(Math.round(n * 10_000) / 10_000));
const value = (n: number | null) => (n === null ? '' : String(n));
const durations = (d: Durations) => [value(d.median), value(d.p90), value(d.average), String(d.count)];
const sla = (s: SlaAttainment) => [String(s.met), String(s.breached), rate(s.rate)];

function figures(f: ReportFigures): string[] {
  return [
    String(f.opened),
    String(f.resolved),
    String(f.reopened),
    String(f.resolvedByBot),
    rate(f.botShare),
    ...durations(f.firstResponse),
    ...durations(f.nextResponse),
    ...durations(f.resolution),
    ...sla(f.sla.firstResponse),
    ...sla(f.sla.nextResponse),
    ...sla(f.sla.resolution),
    String(f.csat.distribution[1]),
    String(f.csat.distribution[2]),
    String(f.csat.distribution[3]),
    rate(f.csat.responseRate),
    rate(f.csat.average),
  ];
}

/**
 * One field as RFC 4180 writes it. A name typed by a user (an agent's, a tag's) that starts like a
 * formula is prefixed with a quote mark, so a spreadsheet shows it instead of running it.
 */
function field(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function reportCsv(view: ReportView): string {
  const lines = [
    ['Chave', GROUP_HEADER[view.groupBy] ?? view.groupBy, ...HEADERS],
    ...view.rows.map((r) => [r.key, r.label, ...figures(r)]),
    ['total', 'Total', ...figures(view.summary)],
  ];
  return `\uFEFF${lines.map((l) => l.map(field).join(',')).join('\r\n')}\r\n`;
}

export const csvFileName = (view: ReportView) => `relatorio-${view.period.from}-${view.period.to}.csv`;
