import './kanban.css';
import { Spinner, Switch, Tag } from '@blueprintjs/core';
import type { TicketTag } from '@zelo/contracts/tags/read-models';
import { KANBAN_TICKETS_LIMIT } from '@zelo/contracts/tickets/api';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { useCallback, useMemo, useState } from 'react';
import { usePlanRefusal } from '../../../app/routes/plan-route.tsx';
import { MultiSelect } from '../../../components/ui/multi-select.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useReferenceList } from '../../../lib/reference-lists.ts';
import { refreshKeyAtom, sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { useKanbanBoard } from '../lib/use-kanban-board.ts';
import type { DragPayload } from './kanban-card.tsx';
import { KanbanLane } from './kanban-lane.tsx';

/** Doc 2 §2.5: the open lane, then a lane per kanban tag; cards move by drag or by their menu. */
export function KanbanPage() {
  const t = useT();
  const user = useAtomValue(sessionAtom)?.user;
  const refreshKey = useAtomValue(refreshKeyAtom);
  const isAdmin = user?.profile === 'admin' || !!user?.super;
  // Doc 2 §6: admins see every ticket; switched off, the queues they pick, by default their own.
  const [showAll, setShowAll] = useState(true);
  const [picked, setPicked] = useState<string[]>([]);
  const ownQueues = useMemo(() => user?.queues.map((q) => q.id) ?? [], [user?.queues]);
  const queueIds = !isAdmin || showAll ? null : picked.length > 0 ? picked : ownQueues;
  const board = useKanbanBoard(isAdmin && showAll, queueIds, refreshKey);
  const queues = useReferenceList('queues', isAdmin);
  // The plan may have lost the flag since the session began: the server's refusal redirects too.
  usePlanRefusal(board.planRefused, 'kanban.planRefused');

  const { move, lanes } = board;
  const onMove = useCallback(
    (ticket: TicketView, target: TicketTag | null) => move(ticket.id, target),
    [move],
  );
  const onDrop = useCallback((p: DragPayload, target: TicketTag | null) => move(p.ticketId, target), [move]);
  const targets = useMemo(() => lanes.map((lane) => lane.tag), [lanes]);
  const total = useMemo(() => new Set(lanes.flatMap((l) => l.tickets.map((x) => x.id))).size, [lanes]);

  return (
    <div className="kanban-page" data-testid="kanban-page">
      <header className="kanban-page-head">
        <h2>{t('kanban.title')}</h2>
        <span className="bp6-text-muted" data-testid="kanban-total">
          {t('kanban.total', { count: total })}
        </span>
        {board.full && (
          <Tag minimal intent="warning" icon="info-sign" data-testid="kanban-full">
            {t('kanban.full', { count: KANBAN_TICKETS_LIMIT })}
          </Tag>
        )}
        <div className="kanban-page-filters">
          {board.loading && <Spinner size={16} />}
          {isAdmin && (
            <>
              <MultiSelect
                label={t('kanban.queues')}
                options={queues.data ?? []}
                selected={picked}
                onChange={(ids) => {
                  // Picking queues narrows the board: it no longer shows every ticket.
                  setPicked(ids);
                  if (ids.length > 0) setShowAll(false);
                }}
                testId="kanban-queues"
              />
              <Switch
                className="kanban-show-all"
                checked={showAll}
                label={t('kanban.showAll')}
                onChange={(e) => {
                  const all = e.currentTarget.checked;
                  setShowAll(all);
                  if (all) setPicked([]);
                }}
                data-testid="kanban-show-all"
              />
            </>
          )}
        </div>
      </header>
      <div className="kanban-board" data-testid="kanban-board">
        {lanes.map((lane) => (
          <KanbanLane
            key={lane.tag?.id ?? ''}
            lane={lane}
            loading={board.loading}
            targets={targets}
            onMove={onMove}
            onDrop={onDrop}
          />
        ))}
      </div>
    </div>
  );
}
