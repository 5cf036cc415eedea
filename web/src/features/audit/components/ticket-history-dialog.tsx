import {
  Button,
  Callout,
  Collapse,
  Dialog,
  DialogBody,
  HTMLTable,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { translateError, useT } from '../../../lib/i18n.ts';
import { languageAtom, useAtomValue } from '../../../lib/store.ts';
import { useTicketHistory } from '../api/ticket-history.ts';
import { type HistoryRow, toHistoryRow } from '../lib/history-rows.ts';

/** The "Histórico" button and its dialog; the history is fetched only while the dialog is open. */
export function TicketHistoryButton({ ticketId }: { ticketId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="minimal"
        icon="history"
        // Icon-only like the contact button beside it: the header is already crowded.
        title={t('audit.history')}
        aria-label={t('audit.history')}
        onClick={() => setOpen(true)}
        data-testid="ticket-history-open"
      />
      {open && <TicketHistoryDialog ticketId={ticketId} onClose={() => setOpen(false)} />}
    </>
  );
}

export function TicketHistoryDialog({ ticketId, onClose }: { ticketId: string; onClose: () => void }) {
  const t = useT();
  const { data, error, loading } = useTicketHistory(ticketId);
  const language = useAtomValue(languageAtom);
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('audit.historyTitle')}
      style={{ width: 760, maxWidth: '95vw' }}
      data-testid="ticket-history-dialog"
    >
      <DialogBody>
        {loading && !data && <Spinner size={24} />}
        {error != null && (
          <Callout intent="danger">
            {error instanceof ApiError ? translateError(language, error.code) : t('errors.generic')}
          </Callout>
        )}
        {data && data.length === 0 && <NonIdealState icon="history" title={t('audit.empty')} />}
        {data && data.length > 0 && (
          <div style={{ maxHeight: '65vh', overflowY: 'auto' }}>
            <HTMLTable compact striped style={{ width: '100%' }}>
              <thead>
                <tr>
                  <th>{t('audit.when')}</th>
                  <th>{t('audit.who')}</th>
                  <th>{t('audit.what')}</th>
                </tr>
              </thead>
              <tbody>
                {data.map(toHistoryRow).map((row) => (
                  <HistoryLine key={row.key} row={row} />
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
      </DialogBody>
    </Dialog>
  );
}

function HistoryLine({ row }: { row: HistoryRow }) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  return (
    <tr data-testid="ticket-history-row" data-type={row.type}>
      <td style={{ whiteSpace: 'nowrap' }}>{row.when}</td>
      <td>{row.who}</td>
      <td>
        <span data-testid="ticket-history-summary">{row.what}</span>{' '}
        <Button
          variant="minimal"
          size="small"
          icon={expanded ? 'chevron-up' : 'code'}
          title={t('audit.showData')}
          aria-label={t('audit.showData')}
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        />
        <Collapse isOpen={expanded}>
          <pre className="bp6-code-block" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {row.json}
          </pre>
        </Collapse>
      </td>
    </tr>
  );
}
