import '../../../components/ui/admin-page.css';
import './companies.css';
import { Alert, Button, ButtonGroup, HTMLTable, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import type { CompanyView } from '@zelo/contracts/tenancy/read-models';
import { addRecurrence } from '@zelo/contracts/tenancy/recurrence';
import { useEffect, useState } from 'react';
import { formatDate, maskPhone } from '../../../lib/format.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { deleteCompany, listPlanChoices, moveDueDate, searchCompanies } from '../api/companies.ts';
import { dueColour } from '../lib/due-colour.ts';
import { CompanyDialog } from './company-dialog.tsx';

/** Settings › Companies (super user, doc 2 §2.20): search, colours by due date, expire, edit, delete. */
export function CompaniesPanel() {
  const t = useT();
  const [text, setText] = useState('');
  const search = useDebounced(text, 500).trim();
  const [page, setPage] = useState(1);
  const companies = useRequest((s) => searchCompanies(search, page, s), [search, page]);
  const plans = useRequest(listPlanChoices, []);
  const [editing, setEditing] = useState<CompanyView | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<CompanyView | null>(null);
  const ownCompanyId = useAtomValue(sessionAtom)?.user.companyId;
  // Doc 2 §8: a list that fails to load says so.
  useEffect(() => {
    if (companies.error) toastError(companies.error);
  }, [companies.error]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at its first page
  useEffect(() => setPage(1), [search]);

  const expire = async (c: CompanyView) => {
    try {
      // The due date moves by one recurrence; a company without one starts from today.
      await moveDueDate(c.id, addRecurrence(c.dueDate ?? new Date().toISOString(), c.recurrence));
      toastSuccess(t('companies.expired'));
      companies.reload();
    } catch (err) {
      toastError(err);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteCompany(deleting.id);
      toastSuccess(t('companies.deleted'));
      companies.reload();
    } catch (err) {
      toastError(err);
    }
    setDeleting(null);
  };

  const rows = companies.data?.companies ?? [];
  return (
    <div data-testid="companies-panel">
      <div className="admin-panel-head">
        <InputGroup
          leftIcon="search"
          placeholder={t('companies.search')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="companies-search"
        />
        <span className="admin-panel-spacer" />
        <Button
          intent="primary"
          icon="add"
          text={t('companies.add')}
          onClick={() => setEditing(null)}
          data-testid="companies-add"
        />
      </div>
      {companies.data && rows.length === 0 ? (
        <NonIdealState icon="office" title={t('companies.empty')} />
      ) : (
        <HTMLTable striped compact className="admin-table" data-testid="companies-table">
          <thead>
            <tr>
              <th>{t('companies.name')}</th>
              <th>{t('companies.email')}</th>
              <th>{t('companies.phone')}</th>
              <th>{t('companies.plan')}</th>
              <th>{t('companies.status')}</th>
              <th>{t('companies.dueDate')}</th>
              <th>{t('companies.recurrence')}</th>
              <th>{t('companies.createdAt')}</th>
              <th>{t('companies.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => {
              const colour = dueColour(c.dueDate);
              return (
                <tr
                  key={c.id}
                  className={colour ? `company-due-${colour}` : undefined}
                  data-testid="company-row"
                  data-due-colour={colour ?? 'none'}
                >
                  <td>{c.name}</td>
                  <td>{c.email}</td>
                  <td>{maskPhone(c.phone ?? '')}</td>
                  <td>{c.plan?.name ?? '—'}</td>
                  <td>
                    <Tag minimal intent={c.status ? 'success' : 'danger'}>
                      {t(c.status ? 'companies.active' : 'companies.inactive')}
                    </Tag>
                  </td>
                  <td data-testid="company-row-due">{c.dueDate ? formatDate(c.dueDate) : '—'}</td>
                  <td>{t(`companies.recurrence_${c.recurrence}` as TKey)}</td>
                  <td>{formatDate(c.createdAt)}</td>
                  <td>
                    <ButtonGroup variant="minimal">
                      <Button
                        icon="calendar"
                        text={t('companies.expire')}
                        onClick={() => void expire(c)}
                        data-testid="company-expire"
                      />
                      <Button
                        icon="edit"
                        aria-label={t('companies.edit')}
                        onClick={() => setEditing(c)}
                        data-testid="company-edit"
                      />
                      <Button
                        icon="trash"
                        intent="danger"
                        aria-label={t('companies.delete')}
                        onClick={() => setDeleting(c)}
                        // The server refuses it too (ERR_CANNOT_DELETE_OWN_COMPANY).
                        disabled={c.id === ownCompanyId}
                        data-testid="company-delete"
                      />
                    </ButtonGroup>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
      <div className="admin-pager">
        <Button
          icon="chevron-left"
          disabled={page === 1}
          onClick={() => setPage((p) => p - 1)}
          aria-label={t('companies.previous')}
        />
        <span>{t('companies.page', { page })}</span>
        <Button
          icon="chevron-right"
          disabled={!companies.data?.hasMore}
          onClick={() => setPage((p) => p + 1)}
          aria-label={t('companies.next')}
        />
      </div>
      {editing !== undefined && (
        <CompanyDialog
          company={editing}
          plans={plans.data ?? []}
          onClose={() => setEditing(undefined)}
          onSaved={companies.reload}
        />
      )}
      <Alert
        isOpen={!!deleting}
        intent="danger"
        icon="trash"
        confirmButtonText={t('companies.delete')}
        cancelButtonText={t('companies.cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      >
        <span data-testid="company-confirm-delete">
          {t('companies.confirmDelete', { name: deleting?.name ?? '' })}
        </span>
      </Alert>
    </div>
  );
}
