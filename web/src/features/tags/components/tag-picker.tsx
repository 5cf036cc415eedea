import './tags.css';
import { Button, InputGroup, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import type { TicketTag } from '@zelo/contracts/tags/read-models';
import { useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { useReferenceList } from '../../../lib/reference-lists.ts';
import { toastError } from '../../../lib/toaster.ts';
import { syncTicketTags } from '../api/save-tag.ts';
import { TagChip } from './tag-chip.tsx';

interface Props<T> {
  ticket: T & { id: string; tags?: TicketTag[] };
  /** Receives the ticket as the server now shows it, so the header and lists update at once. */
  onSynced: (ticket: T) => void;
}

/** Doc 1 §2: the ticket header's tag picker; a name that is no tag yet is created on the fly. */
export function TagPicker<T>({ ticket, onSynced }: Props<T>) {
  const t = useT();
  const { data: all = [] } = useReferenceList('tags');
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const current = ticket.tags ?? [];

  const sync = async (tags: { id?: string; name: string }[]) => {
    setBusy(true);
    try {
      onSynced(await syncTicketTags<T>(ticket.id, tags));
      setQuery('');
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  const keep = current.map((c) => ({ id: c.id, name: c.name }));

  const q = query.trim().toLowerCase();
  const options = all.filter(
    (tag) => !current.some((c) => c.id === tag.id) && tag.name.toLowerCase().includes(q),
  );
  const exact = all.some((tag) => tag.name.toLowerCase() === q);
  const canCreate = q.length >= 3 && !exact;

  const menu = (
    <div className="tag-picker-menu">
      <InputGroup
        autoFocus
        leftIcon="search"
        placeholder={t('tags.searchOrCreate')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && canCreate) void sync([...keep, { name: query.trim() }]);
        }}
        data-testid="tag-picker-input"
      />
      <Menu>
        {options.map((tag) => (
          <MenuItem
            key={tag.id}
            text={tag.name}
            icon={<span className="tag-swatch" style={{ background: tag.color }} />}
            disabled={busy}
            onClick={() => void sync([...keep, { id: tag.id, name: tag.name }])}
            shouldDismissPopover={false}
          />
        ))}
        {options.length === 0 && !canCreate && <MenuItem disabled text={t('tags.noTags')} />}
        {canCreate && (
          <>
            {options.length > 0 && <MenuDivider />}
            <MenuItem
              icon="add"
              text={t('tags.create', { name: query.trim() })}
              disabled={busy}
              onClick={() => void sync([...keep, { name: query.trim() }])}
              shouldDismissPopover={false}
              data-testid="tag-picker-create"
            />
          </>
        )}
      </Menu>
    </div>
  );

  return (
    <div className="ticket-header-tags" data-testid="tag-picker">
      {current.map((tag) => (
        <TagChip key={tag.id} tag={tag} onRemove={() => void sync(keep.filter((k) => k.id !== tag.id))} />
      ))}
      <Popover content={menu} placement="bottom-start" onClosed={() => setQuery('')}>
        <Button
          size="small"
          variant="minimal"
          icon="tag"
          aria-label={t('tags.addTag')}
          loading={busy}
          data-testid="tag-picker-open"
        />
      </Popover>
    </div>
  );
}
