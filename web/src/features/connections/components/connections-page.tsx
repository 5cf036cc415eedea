import { useDeleteConfirmation } from '../../../components/delete-confirmation.tsx';
import { PlanUsage } from '../../../components/ui/plan-usage.tsx';
import '../../../components/ui/admin-page.css';
import './connections.css';
import {
  Button,
  ButtonGroup,
  Card,
  HTMLTable,
  Icon,
  type IconName,
  type Intent,
  NonIdealState,
  Tooltip,
} from '@blueprintjs/core';
import type { ConnectionStatus, SessionAction } from '@zelo/contracts/connections/events';
import type { ConnectionView } from '@zelo/contracts/connections/read-models';
import { useCallback, useState } from 'react';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { toastError } from '../../../lib/toaster.ts';
import { deleteConnection, requestSession } from '../api/connections.ts';
import { formatUpdatedAt, type SessionButton, sessionButtons, statusIcon } from '../lib/connection-status.ts';
import { useLiveConnections } from '../lib/use-live-connections.ts';
import { ConnectionDialog } from './connection-dialog.tsx';
import { QrDialog } from './qr-dialog.tsx';

const statusLabel: Record<ConnectionStatus, TKey> = {
  qrcode: 'connections.statusQrcode',
  PAIRING: 'connections.statusPairing',
  DISCONNECTED: 'connections.statusDisconnected',
  TIMEOUT: 'connections.statusTimeout',
  OPENING: 'connections.statusOpening',
  CONNECTED: 'connections.statusConnected',
};

/** The session buttons that act, by kind ('connecting' only waits); `qr` opens the QR dialog. */
const SESSION_BUTTONS: Record<
  Exclude<SessionButton, 'connecting'>,
  { action: SessionAction | 'qr'; text: TKey; testId: string; icon: IconName; intent?: Intent }
> = {
  qr: {
    action: 'qr',
    text: 'connections.showQr',
    testId: 'connection-show-qr',
    icon: 'grid-view',
    intent: 'primary',
  },
  retry: { action: 'start', text: 'connections.retry', testId: 'connection-retry', icon: 'refresh' },
  newQr: {
    action: 'restart',
    text: 'connections.newQr',
    testId: 'connection-new-qr',
    icon: 'grid-view',
    intent: 'primary',
  },
  disconnect: {
    action: 'disconnect',
    text: 'connections.disconnect',
    testId: 'connection-disconnect',
    icon: 'disable',
    intent: 'danger',
  },
};

/** Doc 1 §2 connections screen: name, status, session actions by status, last update, default, actions. */
export function ConnectionsPage() {
  const t = useT();
  const connections = useLiveConnections();
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const [qrFor, setQrFor] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const closeQr = useCallback(() => setQrFor(null), []);

  const session = async (c: ConnectionView, action: SessionAction) => {
    setBusy(c.id);
    try {
      await requestSession(c.id, action);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(null);
    }
  };

  const deletion = useDeleteConfirmation<ConnectionView>({
    deleteItem: (c) => deleteConnection(c.id),
    deletedMessage: t('connections.deleted'),
    deleteText: t('connections.delete'),
    cancelText: t('connections.cancel'),
    confirmText: (c) => t('connections.confirmDelete', { name: c.name }),
    onDone: connections.reload,
  });

  const button = (c: ConnectionView, kind: SessionButton) => {
    const common = {
      size: 'small' as const,
      variant: 'outlined' as const,
      loading: busy === c.id,
    };
    if (kind === 'connecting')
      return (
        <Button
          key={kind}
          {...common}
          disabled
          loading
          text={t('connections.connecting')}
          data-testid="connection-connecting"
        />
      );
    const { action, text, testId, ...look } = SESSION_BUTTONS[kind];
    return (
      <Button
        key={kind}
        {...common}
        {...look}
        text={t(text)}
        onClick={() => (action === 'qr' ? setQrFor(c.id) : session(c, action))}
        data-testid={testId}
      />
    );
  };

  const rows = connections.data ?? [];
  return (
    <div className="admin-page" data-testid="connections-page">
      <div className="admin-page-head">
        <h2>{t('connections.title')}</h2>
        <PlanUsage kind="connections" used={connections.data?.length} />
        <Button
          intent="primary"
          icon="add"
          text={t('connections.add')}
          onClick={() => setEditing(null)}
          data-testid="connections-add"
        />
      </div>
      <Card className="admin-page-card">
        {connections.data?.length === 0 ? (
          <NonIdealState icon="mobile-phone" title={t('connections.empty')} />
        ) : (
          <HTMLTable
            striped
            compact
            className="admin-table connections-table"
            data-testid="connections-table"
          >
            <thead>
              <tr>
                <th>{t('connections.name')}</th>
                <th>{t('connections.status')}</th>
                <th>{t('connections.session')}</th>
                <th>{t('connections.lastUpdate')}</th>
                <th>{t('connections.default')}</th>
                <th>{t('connections.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id} data-testid="connection-row" data-status={c.status}>
                  <td>{c.name}</td>
                  <td>
                    <Tooltip content={t(statusLabel[c.status] ?? 'connections.statusDisconnected')}>
                      <span
                        className={`connection-status ${c.status === 'CONNECTED' ? 'is-ok' : 'is-bad'}`}
                        data-testid="connection-status"
                      >
                        <Icon icon={statusIcon[c.status] ?? 'offline'} />{' '}
                        {t(statusLabel[c.status] ?? 'connections.statusDisconnected')}
                      </span>
                    </Tooltip>
                  </td>
                  <td>
                    <div className="connection-session-actions">
                      {sessionButtons(c.status).map((kind) => button(c, kind))}
                    </div>
                  </td>
                  <td>{formatUpdatedAt(c.updatedAt)}</td>
                  <td>
                    {c.isDefault && (
                      <Icon
                        icon="star"
                        intent="warning"
                        aria-label={t('connections.default')}
                        data-testid="connection-default-star"
                      />
                    )}
                  </td>
                  <td>
                    <ButtonGroup variant="minimal">
                      <Button
                        icon="edit"
                        aria-label={t('connections.edit')}
                        onClick={() => setEditing(c.id)}
                        data-testid="connection-edit"
                      />
                      <Button
                        icon="trash"
                        intent="danger"
                        aria-label={t('connections.delete')}
                        onClick={() => deletion.ask(c)}
                        data-testid="connection-delete"
                      />
                    </ButtonGroup>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </Card>
      {editing !== undefined && (
        <ConnectionDialog
          connectionId={editing}
          onClose={() => setEditing(undefined)}
          onSaved={connections.reload}
        />
      )}
      {qrFor && <QrDialog connection={rows.find((c) => c.id === qrFor)} onClose={closeQr} />}
      {deletion.alert}
    </div>
  );
}
