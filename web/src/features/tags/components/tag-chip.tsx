import { Tag } from '@blueprintjs/core';
import type { TicketTag } from '@zelo/contracts/tags/read-models';

/** A tag in its own colour, white text, as lists, the header and the tags page show it. */
export function TagChip({ tag, onRemove }: { tag: TicketTag; onRemove?: () => void }) {
  return (
    <Tag
      round
      style={{ background: tag.color, color: '#fff' }}
      onRemove={onRemove ? () => onRemove() : undefined}
      data-testid="tag-chip"
    >
      {tag.name}
    </Tag>
  );
}
