import { Button, ButtonGroup, Tag } from '@blueprintjs/core';
import type { UserListItem } from '@zelo/contracts/users/read-models';
import { useState } from 'react';
import { ResourceList } from '../../../components/resource-list.tsx';
import { PlanUsage } from '../../../components/ui/plan-usage.tsx';
import { useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { deleteUser, listUsers } from '../api/users.ts';
import { UserDialog } from './user-dialog.tsx';

/** Doc 1 §9: search from 3 characters (fewer lists everyone). */
const usersQuery = (text: string) => (text.trim().length >= 3 ? text.trim() : '');

export function UsersPage() {
  const t = useT();
  const session = useAtomValue(sessionAtom);
  // The plan's usage counts the company's users, which the list's answer tells.
  const [count, setCount] = useState<number>();
  const fetchUsers = (query: string, page: number, signal: AbortSignal) =>
    listUsers(query, page, signal).then((r) => {
      setCount(r.count);
      return { records: r.users, hasMore: r.hasMore };
    });

  return (
    <ResourceList<UserListItem>
      frame="card"
      testId="users-page"
      title={t('users.title')}
      searchPlaceholder={t('users.search')}
      searchTestId="users-search"
      searchQuery={usersQuery}
      headerActions={<PlanUsage kind="users" used={count} />}
      addText={t('users.add')}
      addTestId="users-add"
      tableTestId="users-table"
      columns={
        <>
          <th>{t('users.name')}</th>
          <th>{t('users.email')}</th>
          <th>{t('users.profile')}</th>
          <th>{t('users.actions')}</th>
        </>
      }
      rowTestId="users-row"
      renderCells={(u, { edit, remove }) => (
        <>
          <td>{u.name}</td>
          <td>{u.email}</td>
          <td>
            <Tag minimal intent={u.profile === 'admin' ? 'primary' : 'none'}>
              {t(u.profile === 'admin' ? 'users.profileAdmin' : 'users.profileUser')}
            </Tag>
          </td>
          <td>
            <ButtonGroup variant="minimal">
              <Button icon="edit" aria-label={t('users.edit')} onClick={edit} data-testid="users-edit" />
              <Button icon="trash" intent="danger" aria-label={t('users.delete')} onClick={remove} />
            </ButtonGroup>
          </td>
        </>
      )}
      fetchPage={fetchUsers}
      pager={{
        previous: t('users.previous'),
        next: t('users.next'),
        page: (page) => t('users.page', { page }),
      }}
      liveEvent={session ? `company-${session.user.companyId}-user` : null}
      emptyIcon="people"
      emptyTitle={t('users.empty')}
      renderDialog={(user, { close, reload }) => (
        <UserDialog userId={user?.id ?? null} isAdmin onClose={close} onSaved={reload} />
      )}
      deleteItem={(u) => deleteUser(u.id)}
      deletedMessage={t('users.deleted')}
      deleteText={t('users.delete')}
      cancelText={t('users.cancel')}
      confirmDeleteText={(u) => t('users.confirmDelete', { name: u.name })}
    />
  );
}
