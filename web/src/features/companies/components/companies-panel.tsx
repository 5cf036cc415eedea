import './companies.css';
import { Button, ButtonGroup, Tag } from '@blueprintjs/core';
import type { CompanyView } from '@zelo/contracts/tenancy/read-models';
import { addRecurrence } from '@zelo/contracts/tenancy/recurrence';
import { ResourceList } from '../../../components/resource-list.tsx';
import { formatDate, maskPhone } from '../../../lib/format.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { deleteCompany, listPlanChoices, moveDueDate, searchCompanies } from '../api/companies.ts';
import { dueColour } from '../lib/due-colour.ts';
import { CompanyDialog } from './company-dialog.tsx';

const fetchCompanies = (query: string, page: number, signal: AbortSignal) =>
  searchCompanies(query, page, signal).then((r) => ({ records: r.companies, hasMore: r.hasMore }));

/** Settings › Companies (super user, doc 2 §2.20): search, colours by due date, expire, edit, delete. */
export function CompaniesPanel() {
  const t = useT();
  const plans = useRequest(listPlanChoices, []);
  const ownCompanyId = useAtomValue(sessionAtom)?.user.companyId;

  const expire = async (c: CompanyView, reload: () => void) => {
    try {
      // The due date moves by one recurrence; a company without one starts from today.
      await moveDueDate(c.id, addRecurrence(c.dueDate ?? new Date().toISOString(), c.recurrence));
      toastSuccess(t('companies.expired'));
      reload();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <ResourceList<CompanyView>
      frame="panel"
      testId="companies-panel"
      searchPlaceholder={t('companies.search')}
      searchTestId="companies-search"
      searchQuery={(text) => text.trim()}
      addText={t('companies.add')}
      addTestId="companies-add"
      tableTestId="companies-table"
      columns={
        <>
          <th>{t('companies.name')}</th>
          <th>{t('companies.email')}</th>
          <th>{t('companies.phone')}</th>
          <th>{t('companies.plan')}</th>
          <th>{t('companies.status')}</th>
          <th>{t('companies.dueDate')}</th>
          <th>{t('companies.recurrence')}</th>
          <th>{t('companies.createdAt')}</th>
          <th>{t('companies.actions')}</th>
        </>
      }
      rowTestId="company-row"
      rowProps={(c) => {
        const colour = dueColour(c.dueDate);
        return {
          className: colour ? `company-due-${colour}` : undefined,
          'data-due-colour': colour ?? 'none',
        };
      }}
      renderCells={(c, { edit, remove, reload }) => (
        <>
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
                onClick={() => void expire(c, reload)}
                data-testid="company-expire"
              />
              <Button
                icon="edit"
                aria-label={t('companies.edit')}
                onClick={edit}
                data-testid="company-edit"
              />
              <Button
                icon="trash"
                intent="danger"
                aria-label={t('companies.delete')}
                onClick={remove}
                // The server refuses it too (ERR_CANNOT_DELETE_OWN_COMPANY).
                disabled={c.id === ownCompanyId}
                data-testid="company-delete"
              />
            </ButtonGroup>
          </td>
        </>
      )}
      fetchPage={fetchCompanies}
      pager={{
        previous: t('companies.previous'),
        next: t('companies.next'),
        page: (page) => t('companies.page', { page }),
      }}
      emptyIcon="office"
      emptyTitle={t('companies.empty')}
      renderDialog={(company, { close, reload }) => (
        <CompanyDialog company={company} plans={plans.data ?? []} onClose={close} onSaved={reload} />
      )}
      deleteItem={(c) => deleteCompany(c.id)}
      deletedMessage={t('companies.deleted')}
      deleteText={t('companies.delete')}
      cancelText={t('companies.cancel')}
      confirmDeleteText={(c) => (
        <span data-testid="company-confirm-delete">{t('companies.confirmDelete', { name: c.name })}</span>
      )}
    />
  );
}
