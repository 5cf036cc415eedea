import './schedules.css';
import { Alert, Button, ButtonGroup, SegmentedControl, Spinner } from '@blueprintjs/core';
import type { ScheduleView } from '@zelo/contracts/schedules/read-models';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { languageAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { getContact } from '../api/contacts.ts';
import { deleteSchedule } from '../api/delete-schedule.ts';
import { useSchedules } from '../api/list-schedules.ts';
import { addMonths, gridWindow, groupByDay, isSameMonth, startOfMonth } from '../lib/month-grid.ts';
import { removeSchedule, upsertSchedule } from '../lib/schedule-list.ts';
import type { ContactOption } from '../types.ts';
import { MonthCalendar } from './month-calendar.tsx';
import { ScheduleAgenda } from './schedule-agenda.tsx';
import { ScheduleDialog } from './schedule-dialog.tsx';

const LOCALES = { pt: 'pt-BR', en: 'en', es: 'es' } as const;

/** The dialog: closed, a new schedule (maybe for a given contact), or an existing one. */
type Editing = { schedule: ScheduleView | null; contact: ContactOption | null } | null;

/** Doc 2 §2.8: schedules on a calendar at their send time; `?contactId=` opens a new one for that contact. */
export function SchedulesPage() {
  const t = useT();
  const locale = LOCALES[useAtomValue(languageAtom)];
  const [, navigate] = useLocation();
  const contactId = new URLSearchParams(useSearch()).get('contactId');
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const range = useMemo(() => gridWindow(month), [month]);
  const { data, loading, error, setData } = useSchedules(range.from, range.to);
  const [view, setView] = useState<'month' | 'list'>('month');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ScheduleView | null>(null);

  useEffect(() => {
    if (error) toastError(error);
  }, [error]);

  useEffect(() => {
    if (!contactId) return;
    const ctrl = new AbortController();
    getContact(contactId, ctrl.signal).then(
      (contact) => setEditing({ schedule: null, contact }),
      (err) => !ctrl.signal.aborted && toastError(err),
    );
    return () => ctrl.abort();
  }, [contactId]);

  const schedules = data ?? [];
  const byDay = useMemo(() => groupByDay(schedules), [schedules]);
  const ofMonth = schedules.filter((s) => isSameMonth(new Date(s.sendAt), month));

  const closeDialog = () => {
    setEditing(null);
    // The link did its job; a reload must not open the dialog again.
    if (contactId) navigate('/schedules', { replace: true });
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteSchedule(deleting.id);
      setData((prev) => prev && removeSchedule(prev, deleting.id));
      toastSuccess(t('schedules.deleted'));
    } catch (err) {
      toastError(err);
    }
    setDeleting(null);
  };
  const edit = (schedule: ScheduleView) => setEditing({ schedule, contact: null });

  return (
    <div className="schedules-page" data-testid="schedules-page">
      <div className="schedules-toolbar">
        <h2>{t('schedules.title')}</h2>
        <ButtonGroup>
          <Button
            icon="chevron-left"
            aria-label={t('schedules.previous')}
            onClick={() => setMonth((m) => addMonths(m, -1))}
            data-testid="schedules-previous"
          />
          <Button text={t('schedules.today')} onClick={() => setMonth(startOfMonth(new Date()))} />
          <Button
            icon="chevron-right"
            aria-label={t('schedules.next')}
            onClick={() => setMonth((m) => addMonths(m, 1))}
            data-testid="schedules-next"
          />
        </ButtonGroup>
        <span className="schedules-month-label" data-testid="schedules-month-label">
          {new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(month)}
        </span>
        {loading && <Spinner size={16} />}
        <SegmentedControl
          value={view}
          onValueChange={(v) => setView(v as 'month' | 'list')}
          options={[
            { value: 'month', label: t('schedules.monthView'), icon: 'calendar' },
            { value: 'list', label: t('schedules.listView'), icon: 'list' },
          ]}
        />
        <Button
          intent="primary"
          icon="add"
          text={t('schedules.add')}
          onClick={() => setEditing({ schedule: null, contact: null })}
          data-testid="schedules-add"
        />
      </div>
      <div className="schedules-body">
        {view === 'month' ? (
          <MonthCalendar month={month} locale={locale} byDay={byDay} onEdit={edit} onDelete={setDeleting} />
        ) : (
          <ScheduleAgenda schedules={ofMonth} onEdit={edit} onDelete={setDeleting} />
        )}
      </div>
      {editing && (
        <ScheduleDialog
          schedule={editing.schedule}
          presetContact={editing.contact}
          onSaved={(saved) => {
            setData((prev) => upsertSchedule(prev ?? [], saved));
            // A new schedule in another month: show where it went.
            setMonth(startOfMonth(new Date(saved.sendAt)));
            closeDialog();
          }}
          onClose={closeDialog}
        />
      )}
      <Alert
        isOpen={!!deleting}
        intent="danger"
        icon="trash"
        confirmButtonText={t('schedules.delete')}
        cancelButtonText={t('schedules.cancel')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting &&
          t('schedules.confirmDelete', {
            name: deleting.contact?.name ?? t('schedules.unknownContact'),
            date: `${formatDate(deleting.sendAt)} ${formatTime(deleting.sendAt)}`,
          })}
      </Alert>
    </div>
  );
}
