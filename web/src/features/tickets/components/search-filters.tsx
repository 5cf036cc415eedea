import { Switch } from '@blueprintjs/core';
import { MultiSelect } from '../../../components/ui/multi-select.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useReferenceList } from '../../../lib/reference-lists.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import type { TicketSearch } from '../lib/use-ticket-search.ts';

/**
 * The queue multi-select above every tab (doc 1 §2), the user's queues preselected. Admins pick from
 * every queue of the company, so a ticket transferred to a queue they are not in can be brought back;
 * others from their own queues.
 */
export function QueueFilter({
  selected,
  onChange,
}: {
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  const t = useT();
  const user = useAtomValue(sessionAtom)?.user;
  const isAdmin = user?.profile === 'admin';
  const companyQueues = useReferenceList('queues', isAdmin);
  const queues = isAdmin ? companyQueues.data : user?.queues;
  return (
    <MultiSelect
      label={t('ticketsExtra.queues')}
      options={queues ?? []}
      selected={selected}
      onChange={onChange}
      testId="ticket-queues"
    />
  );
}

interface Props {
  search: Pick<TicketSearch, 'users' | 'tags' | 'withUnreadMessages'>;
  onChange: (search: Pick<TicketSearch, 'users' | 'tags' | 'withUnreadMessages'>) => void;
}

/** The search tab's own filters, beside the queue filter: tags, agents (admins), unread only. */
export function SearchFilters({ search, onChange }: Props) {
  const t = useT();
  const user = useAtomValue(sessionAtom)?.user;
  const isAdmin = user?.profile === 'admin';
  const users = useReferenceList('users', isAdmin);
  const tags = useReferenceList('tags');
  return (
    <>
      <MultiSelect
        label={t('ticketsExtra.tags')}
        options={tags.data ?? []}
        selected={search.tags}
        onChange={(selected) => onChange({ ...search, tags: selected })}
        testId="search-tags"
      />
      {isAdmin && (
        <MultiSelect
          label={t('ticketsExtra.users')}
          options={users.data ?? []}
          selected={search.users}
          onChange={(selected) => onChange({ ...search, users: selected })}
          testId="search-users"
        />
      )}
      <Switch
        className="ticket-search-unread"
        checked={search.withUnreadMessages}
        label={t('ticketsExtra.unreadOnly')}
        onChange={(e) => onChange({ ...search, withUnreadMessages: e.currentTarget.checked })}
      />
    </>
  );
}
