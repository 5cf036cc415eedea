import { Icon, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import type { TicketTag } from '@zelo/contracts/tags/read-models';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { type CSSProperties, type DragEvent, useMemo, useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { type Lane, laneKey } from '../lib/lanes.ts';
import { DRAG_TYPE, type DragPayload, KanbanCard } from './kanban-card.tsx';

interface Props {
  lane: Lane;
  /** The tickets are still on their way: no "empty" message yet. */
  loading: boolean;
  /** Every lane's tag (null: the open lane), for the cards' "move to…" menus. */
  targets: (TicketTag | null)[];
  onMove: (ticket: TicketView, target: TicketTag | null) => void;
  /** A card of `ticketId` dropped here from `fromLane`. */
  onDrop: (payload: DragPayload, target: TicketTag | null) => void;
}

const carriesCard = (e: DragEvent) => e.dataTransfer.types.includes(DRAG_TYPE);

/** One column: a header in the tag's colour with the count, the cards, a drop zone. */
export function KanbanLane({ lane, loading, targets, onMove, onDrop }: Props) {
  const t = useT();
  const [over, setOver] = useState(false);
  const key = laneKey(lane.tag?.id ?? null);
  const name = lane.tag?.name ?? t('kanban.openLane');
  const others = useMemo(() => targets.filter((tag) => laneKey(tag?.id ?? null) !== key), [targets, key]);
  return (
    <section
      className={`kanban-lane${over ? ' is-over' : ''}`}
      data-testid="kanban-lane"
      data-lane={key}
      aria-label={name}
      style={{ '--lane-color': lane.tag?.color ?? 'var(--zelo-muted-bar)' } as CSSProperties}
      onDragOver={(e) => {
        if (!carriesCard(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (!over) setOver(true);
      }}
      onDragLeave={(e) => {
        // Leaving for one of the lane's own cards is not leaving the lane.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        setOver(false);
        if (!carriesCard(e)) return;
        e.preventDefault();
        try {
          const payload = JSON.parse(e.dataTransfer.getData(DRAG_TYPE)) as DragPayload;
          if (payload.fromLane !== key) onDrop(payload, lane.tag);
        } catch (err) {
          console.error('kanban: unreadable drop', err);
        }
      }}
    >
      <header className="kanban-lane-head">
        {lane.tag ? <span className="kanban-swatch" /> : <Icon icon="inbox" size={14} />}
        <h3 className="kanban-lane-title" title={name}>
          {name}
        </h3>
        <Tag round minimal data-testid="kanban-lane-count">
          {lane.tickets.length}
        </Tag>
      </header>
      <div className="kanban-lane-body">
        {lane.tickets.length === 0 && loading ? (
          <Spinner size={24} className="kanban-lane-loading" />
        ) : lane.tickets.length === 0 ? (
          <NonIdealState
            className="kanban-lane-empty"
            icon="clean"
            iconSize={32}
            description={t('kanban.emptyLane')}
          />
        ) : (
          lane.tickets.map((ticket) => (
            <KanbanCard
              key={ticket.id}
              ticket={ticket}
              laneTagId={lane.tag?.id ?? null}
              targets={others}
              onMove={onMove}
            />
          ))
        )}
      </div>
    </section>
  );
}
