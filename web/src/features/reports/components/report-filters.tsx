import { Button, ButtonGroup, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { REPORT_MAX_DAYS, type ReportGroupBy } from '@zelo/contracts/reports/api';
import { useEffect, useState } from 'react';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { type ReferenceKind, useReferenceList } from '../../../lib/reference-lists.ts';
import {
  isDay,
  type Period,
  PRESETS,
  type Preset,
  periodProblem,
  presetOf,
  presetPeriod,
} from '../lib/period.ts';
import type { FilterKey, ReportParams } from '../lib/query-url.ts';

const GROUPINGS: { value: ReportGroupBy; label: TKey }[] = [
  { value: 'day', label: 'reports.groupDay' },
  { value: 'hour', label: 'reports.groupHour' },
  { value: 'agent', label: 'reports.groupAgent' },
  { value: 'queue', label: 'reports.groupQueue' },
  { value: 'connection', label: 'reports.groupConnection' },
  { value: 'tag', label: 'reports.groupTag' },
];

const PROBLEM_TEXT = {
  missing: 'reports.periodMissing',
  reversed: 'reports.periodReversed',
  tooLong: 'reports.periodTooLong',
} as const satisfies Record<string, TKey>;

interface Props {
  params: ReportParams;
  onChange: (next: ReportParams) => void;
}

/**
 * The report's question: a period (two dates or a preset), a grouping and four filters. Every valid
 * change goes to `onChange` at once; a period the API would refuse stays here, said why, unsent.
 */
export function ReportFilters({ params, onChange }: Props) {
  const t = useT();
  const [draft, setDraft] = useState<Period>({ from: params.from, to: params.to });
  useEffect(() => setDraft({ from: params.from, to: params.to }), [params.from, params.to]);
  const problem = periodProblem(draft);
  const active = problem ? null : presetOf(draft);

  const editDate = (end: 'from' | 'to', value: string) => {
    const next = { ...draft, [end]: value };
    setDraft(next);
    // A half-typed date stays in the input; two whole dates go to the URL, even refused ones, so
    // the page says why it shows no report rather than keeping the previous one.
    if (isDay(next.from) && isDay(next.to)) onChange({ ...params, ...next });
  };
  const presetLabel = (p: Preset) =>
    p === 'today'
      ? t('reports.presetToday')
      : p === 'month'
        ? t('reports.presetMonth')
        : t('reports.presetDays', { count: Number(p) });

  return (
    <div className="report-filters" data-testid="report-filters">
      <div className="report-period">
        <FormGroup label={t('reports.from')} labelFor="report-from" inline>
          <InputGroup
            id="report-from"
            type="date"
            value={draft.from}
            onChange={(e) => editDate('from', e.target.value)}
            intent={problem ? 'danger' : 'none'}
            data-testid="report-from"
          />
        </FormGroup>
        <FormGroup label={t('reports.to')} labelFor="report-to" inline>
          <InputGroup
            id="report-to"
            type="date"
            value={draft.to}
            onChange={(e) => editDate('to', e.target.value)}
            intent={problem ? 'danger' : 'none'}
            data-testid="report-to"
          />
        </FormGroup>
        <ButtonGroup className="report-presets" aria-label={t('reports.period')}>
          {PRESETS.map((p) => (
            <Button
              key={p}
              text={presetLabel(p)}
              active={active === p}
              aria-pressed={active === p}
              onClick={() => onChange({ ...params, ...presetPeriod(p) })}
              data-testid={`report-preset-${p}`}
            />
          ))}
        </ButtonGroup>
      </div>
      {problem && (
        <div className="report-period-problem" role="alert" data-testid="report-period-problem">
          {t(PROBLEM_TEXT[problem], { max: REPORT_MAX_DAYS })}
        </div>
      )}
      <div className="report-selects">
        <FormGroup label={t('reports.groupBy')} labelFor="report-group-by">
          <HTMLSelect
            id="report-group-by"
            fill
            value={params.groupBy}
            onChange={(e) => onChange({ ...params, groupBy: e.currentTarget.value as ReportGroupBy })}
            options={GROUPINGS.map((g) => ({ value: g.value, label: t(g.label) }))}
            data-testid="report-group-by"
          />
        </FormGroup>
        <FilterSelect
          name="queueId"
          label={t('reports.groupQueue')}
          all={t('reports.allQueues')}
          list="queues"
          params={params}
          onChange={onChange}
        />
        <FilterSelect
          name="userId"
          label={t('reports.groupAgent')}
          all={t('reports.allAgents')}
          list="users"
          params={params}
          onChange={onChange}
        />
        <FilterSelect
          name="whatsappId"
          label={t('reports.groupConnection')}
          all={t('reports.allConnections')}
          list="connections"
          params={params}
          onChange={onChange}
        />
        <FilterSelect
          name="tagId"
          label={t('reports.groupTag')}
          all={t('reports.allTags')}
          list="tags"
          params={params}
          onChange={onChange}
        />
      </div>
    </div>
  );
}

function FilterSelect({
  name,
  label,
  all,
  list,
  params,
  onChange,
}: {
  name: FilterKey;
  label: string;
  all: string;
  list: ReferenceKind;
  params: ReportParams;
  onChange: (next: ReportParams) => void;
}) {
  const t = useT();
  const { data: choices, error } = useReferenceList(list);
  const value = params[name] ?? '';
  const known = !value || !choices || choices.some((c) => c.id === value);
  const id = `report-${name}`;
  return (
    <FormGroup label={label} labelFor={id}>
      <HTMLSelect
        id={id}
        fill
        value={value}
        disabled={!!error && !value}
        onChange={(e) => onChange({ ...params, [name]: e.currentTarget.value || undefined })}
        data-testid={id}
      >
        <option value="">{all}</option>
        {!known && <option value={value}>{t('reports.unknownChoice')}</option>}
        {value && !choices && <option value={value}>…</option>}
        {[...(choices ?? [])]
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
      </HTMLSelect>
    </FormGroup>
  );
}
