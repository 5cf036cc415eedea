import './flows.css';
import {
  Alert,
  Button,
  HTMLTable,
  InputGroup,
  Menu,
  MenuItem,
  NonIdealState,
  Popover,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../../lib/i18n.ts';
import { useResync, useSocketEvent } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { deleteFlow, duplicateFlow, type FlowSummary, listFlows } from '../api/flows.ts';
import { flowError, flowSuccess } from '../lib/toasts.ts';
import { FlowNameDialog } from './flow-name-dialog.tsx';

/** Doc 2 §9: search debounce. */
const SEARCH_DEBOUNCE_MS = 500;
/** Doc 2 §9: the next page loads within 100 px of the bottom. */
const NEAR_BOTTOM_PX = 100;

/**
 * Doc 2 §2.15 "Fluxos de conversa": search, add, the flows with their status; a click opens the
 * editor, the row menu renames, edits, duplicates or deletes.
 */
export function FlowsPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const [search, setSearch] = useState('');
  const query = useDebounced(search, SEARCH_DEBOUNCE_MS).trim().toLowerCase();
  const user = useAtomValue(sessionAtom)?.user;
  const [page, setPage] = useState(1);
  const [flows, setFlows] = useState<FlowSummary[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((n) => n + 1);
  const [naming, setNaming] = useState<FlowSummary | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<FlowSummary | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or a change restarts at page 1
  useEffect(() => setPage(1), [query, version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` refetches after a change
  useEffect(() => {
    const ctrl = new AbortController();
    setLoading(true);
    listFlows(query, page, ctrl.signal)
      .then((r) => {
        setFlows((prev) =>
          page === 1 ? r.flows : [...prev, ...r.flows.filter((n) => !prev.some((o) => o.id === n.id))],
        );
        setHasMore(r.hasMore);
      })
      .catch((err) => !ctrl.signal.aborted && flowError(err))
      .finally(() => !ctrl.signal.aborted && setLoading(false));
    return () => ctrl.abort();
  }, [query, page, version]);
  // A flow made, renamed or deleted elsewhere (another admin, another tab) shows without a reload.
  useSocketEvent(user ? `company-${user.companyId}-flowbuilder` : null, reload);
  useResync(reload);

  const duplicate = async (flow: FlowSummary) => {
    try {
      await duplicateFlow(flow.id);
      flowSuccess(t('flows.duplicated'));
      reload();
    } catch (err) {
      flowError(err);
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteFlow(deleting.id);
      flowSuccess(t('flows.deleted'));
      reload();
    } catch (err) {
      flowError(err);
    }
    setDeleting(null);
  };

  return (
    <div className="flows-page" data-testid="flows-page">
      <div className="flows-page-header">
        <h2>{t('flows.title')}</h2>
        <InputGroup
          leftIcon="search"
          placeholder={t('flows.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-testid="flows-search"
        />
        <Button
          intent="primary"
          icon="add"
          text={t('flows.add')}
          onClick={() => setNaming(null)}
          data-testid="flows-add"
        />
      </div>
      <div
        className="flows-page-body"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (hasMore && !loading && el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX)
            setPage((n) => n + 1);
        }}
      >
        <HTMLTable striped interactive className="flows-table">
          <thead>
            <tr>
              <th>{t('flows.name')}</th>
              <th>{t('flows.status')}</th>
              <th className="flows-table-actions">{t('flows.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {flows.map((flow) => (
              <tr key={flow.id} data-testid="flow-row" onClick={() => navigate(`/flowbuilder/${flow.id}`)}>
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
                        <MenuItem icon="edit" text={t('flows.editName')} onClick={() => setNaming(flow)} />
                        <MenuItem
                          icon="flow-branch"
                          text={t('flows.editFlow')}
                          onClick={() => navigate(`/flowbuilder/${flow.id}`)}
                        />
                        <MenuItem
                          icon="duplicate"
                          text={t('flows.duplicate')}
                          onClick={() => void duplicate(flow)}
                        />
                        <MenuItem
                          icon="trash"
                          intent="danger"
                          text={t('flows.delete')}
                          onClick={() => setDeleting(flow)}
                        />
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
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {loading && <Spinner size={24} />}
        {!loading && flows.length === 0 && <NonIdealState icon="flow-branch" title={t('flows.empty')} />}
      </div>
      {naming !== undefined && (
        <FlowNameDialog
          flow={naming}
          onClose={(saved) => {
            setNaming(undefined);
            if (saved) reload();
          }}
        />
      )}
      <Alert
        isOpen={!!deleting}
        intent="danger"
        icon="trash"
        confirmButtonText={t('flows.delete')}
        cancelButtonText={t('flows.cancel')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting && t('flows.confirmDelete', { name: deleting.name })}
      </Alert>
    </div>
  );
}
