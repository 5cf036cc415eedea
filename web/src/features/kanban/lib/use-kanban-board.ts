import type { TicketTag } from '@zelo/contracts/tags/read-models';
import { KANBAN_TICKETS_LIMIT } from '@zelo/contracts/tickets/api';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { showToast } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { fetchKanbanLanes, fetchKanbanTickets, moveKanbanCard } from '../api/kanban.ts';
import { boardReducer, emptyBoard, inBoardScope } from './board-state.ts';
import { groupIntoLanes } from './lanes.ts';

export const PLAN_REFUSED = 'ERR_PLAN_FEATURE_DISABLED';

/**
 * The kanban board's data: lanes from GET /tags/kanban, tickets from GET /ticket/kanban, kept live by
 * the company's ticket frames (the gateway sends them to every socket allowed to see the ticket, no
 * room needed) and tag frames (lanes refetched). Moves are optimistic and roll back on failure.
 */
export function useKanbanBoard(showAll: boolean, queueIds: string[] | null, refreshKey: number) {
  const t = useT();
  const user = useAtomValue(sessionAtom)?.user;
  const company = user?.companyId;
  const lanesRequest = useRequest((signal) => fetchKanbanLanes(signal), [refreshKey]);
  const [board, dispatch] = useReducer(boardReducer, emptyBoard);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [full, setFull] = useState(false);
  const queueKey = JSON.stringify(queueIds);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch exactly when the query changes
  useEffect(() => {
    const ctrl = new AbortController();
    setLoading(true);
    setError(null);
    fetchKanbanTickets({ queueIds, showAll }, ctrl.signal)
      .then((tickets) => {
        if (ctrl.signal.aborted) return;
        dispatch({ type: 'loaded', tickets });
        // The server answers at most this many: older tickets are off the board, which the page says.
        setFull(tickets.length >= KANBAN_TICKETS_LIMIT);
      })
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        // Doc 2 §8: kanban errors are only logged.
        console.error('kanban: loading the tickets failed', err);
        setError(err);
      })
      .finally(() => !ctrl.signal.aborted && setLoading(false));
    return () => ctrl.abort();
  }, [showAll, queueKey, refreshKey]);

  useEffect(() => {
    if (lanesRequest.error) console.error('kanban: loading the lanes failed', lanesRequest.error);
  }, [lanesRequest.error]);

  // Which queues a ticket the board does not hold yet must be in to join it (null: any). The server
  // sends a user only the frames of tickets she may see, which for an agent is exactly her board.
  const isAdmin = user?.profile === 'admin' || !!user?.super;
  const scope = isAdmin ? queueIds : null;
  const scopeRef = useRef(scope);
  scopeRef.current = scope;

  useSocketEvent(company ? `company-${company}-ticket` : null, (frame) => {
    if (frame.action === 'update') {
      dispatch({
        type: 'update',
        ticket: frame.ticket,
        inScope: inBoardScope(frame.ticket, scopeRef.current),
      });
    } else if (frame.action === 'delete') dispatch({ type: 'delete', ticketId: frame.ticketId });
  });
  useSocketEvent(company ? `company-${company}-tag` : null, () => lanesRequest.reload());

  const seq = useRef(0);
  const move = useCallback(
    async (ticketId: string, target: TicketTag | null) => {
      const mine = ++seq.current;
      dispatch({ type: 'moveStarted', ticketId, seq: mine, target });
      try {
        const ticket = await moveKanbanCard(ticketId, target?.id ?? null);
        dispatch({ type: 'moveSucceeded', ticketId, seq: mine, ticket: ticket?.id ? ticket : undefined });
      } catch (err) {
        // Doc 2 §8 only logs kanban errors; the card going back needs a word, so a short toast too.
        console.error('kanban: moving the card failed', err);
        dispatch({ type: 'moveFailed', ticketId, seq: mine });
        showToast(t('kanban.moveFailed'), 'warning');
      }
    },
    [t],
  );

  const kanbanTags = lanesRequest.data;
  const lanes = useMemo(() => groupIntoLanes(board.tickets, kanbanTags ?? []), [board.tickets, kanbanTags]);
  const planRefused = [error, lanesRequest.error].some(
    (e) => e instanceof ApiError && e.code === PLAN_REFUSED,
  );
  return {
    lanes,
    loading: loading || lanesRequest.loading,
    planRefused,
    move,
    full,
  };
}
