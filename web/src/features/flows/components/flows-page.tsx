import './flows.css';
import { Button, Menu, MenuItem, Popover, Tag } from '@blueprintjs/core';
import { useLocation } from 'wouter';
import { ResourceList } from '../../../components/resource-list.tsx';
import { useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { deleteFlow, duplicateFlow, type FlowSummary, listFlows } from '../api/flows.ts';
import { flowError, flowSuccess } from '../lib/toasts.ts';
import { FlowNameDialog } from './flow-name-dialog.tsx';

const fetchFlows = (query: string, page: number, signal: AbortSignal) =>
  listFlows(query, page, signal).then((r) => ({ records: r.flows, hasMore: r.hasMore }));

/**
 * Doc 2 §2.15 "Fluxos de conversa": search, add, the flows with their status; a click opens the
 * editor, the row menu renames, edits, duplicates or deletes.
 */
export function FlowsPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const user = useAtomValue(sessionAtom)?.user;

  const duplicate = async (flow: FlowSummary, reload: () => void) => {
    try {
      await duplicateFlow(flow.id);
      flowSuccess(t('flows.duplicated'));
      reload();
    } catch (err) {
      flowError(err);
    }
  };

  return (
    <ResourceList<FlowSummary>
      classPrefix="flows"
      testId="flows-page"
      title={t('flows.title')}
      searchPlaceholder={t('flows.search')}
      searchTestId="flows-search"
      addText={t('flows.add')}
      addTestId="flows-add"
      interactive
      columns={
        <>
          <th>{t('flows.name')}</th>
          <th>{t('flows.status')}</th>
          <th className="flows-table-actions">{t('flows.actions')}</th>
        </>
      }
      rowTestId="flow-row"
      rowProps={(flow) => ({ onClick: () => navigate(`/flowbuilder/${flow.id}`) })}
      renderCells={(flow, { edit, remove, reload }) => (
        <>
          <td data-testid="flow-row-name">{flow.name}</td>
          <td>
            <Tag minimal round intent={flow.active ? 'success' : 'none'} data-testid="flow-row-status">
              {t(flow.active ? 'flows.active' : 'flows.inactive')}
            </Tag>
          </td>
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: only keeps the row's click from opening the editor */}
          <td className="flows-table-actions" onClick={(e) => e.stopPropagation()}>
            <Popover
              placement="bottom-end"
              content={
                <Menu>
                  <MenuItem icon="edit" text={t('flows.editName')} onClick={edit} />
                  <MenuItem
                    icon="flow-branch"
                    text={t('flows.editFlow')}
                    onClick={() => navigate(`/flowbuilder/${flow.id}`)}
                  />
                  <MenuItem
                    icon="duplicate"
                    text={t('flows.duplicate')}
                    onClick={() => void duplicate(flow, reload)}
                  />
                  <MenuItem icon="trash" intent="danger" text={t('flows.delete')} onClick={remove} />
                </Menu>
              }
            >
              <Button
                variant="minimal"
                icon="more"
                aria-label={t('flows.actions')}
                data-testid="flow-row-menu"
              />
            </Popover>
          </td>
        </>
      )}
      fetchPage={fetchFlows}
      // A flow made, renamed or deleted elsewhere (another admin, another tab) shows without a reload.
      liveEvent={user ? `company-${user.companyId}-flowbuilder` : null}
      onError={flowError}
      emptyIcon="flow-branch"
      emptyTitle={t('flows.empty')}
      renderDialog={(flow, { close, closeAndReload }) => (
        <FlowNameDialog flow={flow} onClose={(saved) => (saved ? closeAndReload() : close())} />
      )}
      deleteItem={(flow) => deleteFlow(flow.id)}
      deletedMessage={t('flows.deleted')}
      deleteText={t('flows.delete')}
      cancelText={t('flows.cancel')}
      confirmDeleteText={(flow) => t('flows.confirmDelete', { name: flow.name })}
    />
  );
}
