import type { UserListItem } from '@zelo/contracts/users/read-models';
import '../../../components/ui/admin-page.css';
import {
  Alert,
  Button,
  ButtonGroup,
  Card,
  HTMLTable,
  InputGroup,
  NonIdealState,
  Tag,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { PlanUsage } from '../../../components/ui/plan-usage.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useResync, useSocketEvent } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { deleteUser, listUsers } from '../api/users.ts';
import { UserDialog } from './user-dialog.tsx';

/** Doc 1 §9: search debounced 500 ms, from 3 characters (fewer lists everyone). */
function useDebouncedSearch(text: string) {
  const [search, setSearch] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setSearch(text.trim().length >= 3 ? text.trim() : ''), 500);
    return () => clearTimeout(id);
  }, [text]);
  return search;
}

export function UsersPage() {
  const t = useT();
  const session = useAtomValue(sessionAtom);
  const [text, setText] = useState('');
  const search = useDebouncedSearch(text);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<UserListItem | null>(null);
  const users = useRequest((s) => listUsers(search, page, s), [search, page]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at its first page
  useEffect(() => setPage(1), [search]);
  useSocketEvent(session ? `company-${session.user.companyId}-user` : null, users.reload);
  useResync(users.reload);

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteUser(deleting.id);
      toastSuccess(t('users.deleted'));
      users.reload();
    } catch (err) {
      toastError(err);
    }
    setDeleting(null);
  };

  return (
    <div className="admin-page" data-testid="users-page">
      <div className="admin-page-head">
        <h2>{t('users.title')}</h2>
        <InputGroup
          leftIcon="search"
          placeholder={t('users.search')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="users-search"
        />
        <PlanUsage kind="users" used={users.data?.count} />
        <Button
          intent="primary"
          icon="add"
          text={t('users.add')}
          onClick={() => setEditing(null)}
          data-testid="users-add"
        />
      </div>
      <Card className="admin-page-card">
        {users.data?.users.length === 0 ? (
          <NonIdealState icon="people" title={t('users.empty')} />
        ) : (
          <HTMLTable striped compact className="admin-table" data-testid="users-table">
            <thead>
              <tr>
                <th>{t('users.name')}</th>
                <th>{t('users.email')}</th>
                <th>{t('users.profile')}</th>
                <th>{t('users.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {users.data?.users.map((u) => (
                <tr key={u.id} data-testid="users-row">
                  <td>{u.name}</td>
                  <td>{u.email}</td>
                  <td>
                    <Tag minimal intent={u.profile === 'admin' ? 'primary' : 'none'}>
                      {t(u.profile === 'admin' ? 'users.profileAdmin' : 'users.profileUser')}
                    </Tag>
                  </td>
                  <td>
                    <ButtonGroup variant="minimal">
                      <Button
                        icon="edit"
                        aria-label={t('users.edit')}
                        onClick={() => setEditing(u.id)}
                        data-testid="users-edit"
                      />
                      <Button
                        icon="trash"
                        intent="danger"
                        aria-label={t('users.delete')}
                        onClick={() => setDeleting(u)}
                      />
                    </ButtonGroup>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        <div className="admin-pager">
          <Button
            icon="chevron-left"
            disabled={page === 1}
            onClick={() => setPage((p) => p - 1)}
            aria-label={t('users.previous')}
          />
          <span>{t('users.page', { page })}</span>
          <Button
            icon="chevron-right"
            disabled={!users.data?.hasMore}
            onClick={() => setPage((p) => p + 1)}
            aria-label={t('users.next')}
          />
        </div>
      </Card>
      {editing !== undefined && (
        <UserDialog userId={editing} isAdmin onClose={() => setEditing(undefined)} onSaved={users.reload} />
      )}
      <Alert
        isOpen={!!deleting}
        intent="danger"
        icon="trash"
        confirmButtonText={t('users.delete')}
        cancelButtonText={t('users.cancel')}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        {t('users.confirmDelete', { name: deleting?.name ?? '' })}
      </Alert>
    </div>
  );
}
