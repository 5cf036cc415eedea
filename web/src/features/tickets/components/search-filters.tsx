import { Switch } from '@blueprintjs/core';
import { MultiSelect } from '../../../components/ui/multi-select.tsx';
import { useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { listQueues, listTags, listUsers } from '../api/reference-data.ts';
import type { TicketSearch } from '../lib/use-ticket-search.ts';

interface Props {
  search: TicketSearch;
  onChange: (search: TicketSearch) => void;
}

/** The search tab's filters: queues (always, the user's preselected), tags, agents (admins), unread only. */
export function SearchFilters({ search, onChange }: Props) {
  const t = useT();
  const user = useAtomValue(sessionAtom)?.user;
  const isAdmin = user?.profile === 'admin';
  // Admins may pick any queue; others only their own (section 2, new-ticket dialog uses the same rule).
  const queues = useRequest(
    async (signal) => (isAdmin ? listQueues(signal) : (user?.queues ?? [])),
    [isAdmin],
  );
  const users = useRequest(async (signal) => (isAdmin ? listUsers(signal) : []), [isAdmin]);
  const tags = useRequest((signal) => listTags(signal), []);
  return (
    <div className="ticket-search-filters" data-testid="ticket-search-filters">
      <MultiSelect
        label={t('ticketsExtra.queues')}
        options={queues.data ?? []}
        selected={search.queueIds}
        onChange={(queueIds) => onChange({ ...search, queueIds })}
        testId="search-queues"
      />
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
    </div>
  );
}
