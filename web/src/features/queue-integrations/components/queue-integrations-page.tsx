import { Button, Icon, type IconName, Tag } from '@blueprintjs/core';
import type { QueueIntegrationType } from '@zelo/contracts/queue-integrations/events';
import type { QueueIntegrationView } from '@zelo/contracts/queue-integrations/read-models';
import { ResourceList } from '../../../components/resource-list.tsx';
import { useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { deleteQueueIntegration, searchQueueIntegrations } from '../api/queue-integrations.ts';
import { QueueIntegrationDialog } from './queue-integration-dialog.tsx';

const fetchIntegrations = (query: string, page: number, signal: AbortSignal) =>
  searchQueueIntegrations(query, page, signal).then((r) => ({
    records: r.queueIntegrations,
    hasMore: r.hasMore,
  }));

/** Each type's mark in the table (doc 2 §2.13: logo by type). */
export const TYPE_ICONS: Record<QueueIntegrationType, IconName> = {
  dialogflow: 'chat',
  n8n: 'flows',
  webhook: 'globe-network',
  typebot: 'predictive-analysis',
  flowbuilder: 'flow-branch',
};

/** Doc 2 §2.13: logo by type, id, name, actions; search with infinite scroll; live on the company's events. */
export function QueueIntegrationsPage() {
  const t = useT();
  const user = useAtomValue(sessionAtom)?.user;

  return (
    <ResourceList<QueueIntegrationView>
      classPrefix="qi"
      testId="queue-integrations-page"
      title={t('queueIntegrations.title')}
      searchPlaceholder={t('queueIntegrations.search')}
      searchTestId="qi-search"
      addText={t('queueIntegrations.add')}
      addTestId="qi-add"
      interactive
      columns={
        <>
          <th>{t('queueIntegrations.type')}</th>
          <th>{t('queueIntegrations.id')}</th>
          <th>{t('queueIntegrations.name')}</th>
          <th>{t('queueIntegrations.actions')}</th>
        </>
      }
      rowTestId="qi-row"
      renderCells={(integration, { edit, remove }) => (
        <>
          <td>
            <Tag minimal icon={<Icon icon={TYPE_ICONS[integration.type]} />} data-testid="qi-row-type">
              {integration.type}
            </Tag>
          </td>
          <td>
            <code title={integration.id}>{integration.id.slice(0, 8)}</code>
          </td>
          <td data-testid="qi-row-name">{integration.name}</td>
          <td>
            <Button variant="minimal" icon="edit" aria-label={t('queueIntegrations.edit')} onClick={edit} />
            <Button
              variant="minimal"
              icon="trash"
              intent="danger"
              aria-label={t('queueIntegrations.delete')}
              onClick={remove}
            />
          </td>
        </>
      )}
      fetchPage={fetchIntegrations}
      liveEvent={user ? `company-${user.companyId}-queueIntegration` : null}
      // Every delivery attempt updates its integration: a burst of them reloads the list once.
      liveDelayMs={1000}
      emptyIcon="data-connection"
      emptyTitle={t('queueIntegrations.empty')}
      renderDialog={(integration, { closeAndReload }) => (
        <QueueIntegrationDialog integration={integration} onClose={closeAndReload} />
      )}
      deleteItem={(integration) => deleteQueueIntegration(integration.id)}
      deletedMessage={t('queueIntegrations.deleted')}
      deleteText={t('queueIntegrations.delete')}
      cancelText={t('queueIntegrations.cancel')}
      confirmDeleteText={(integration) => t('queueIntegrations.confirmDelete', { name: integration.name })}
    />
  );
}
