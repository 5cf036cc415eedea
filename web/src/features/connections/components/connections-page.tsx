import { PlanUsage } from '../../../components/ui/plan-usage.tsx';
import '../../../components/ui/admin-page.css';
import './connections.css';
import { Alert, Button, ButtonGroup, Card, HTMLTable, Icon, NonIdealState, Tooltip } from '@blueprintjs/core';
import type { ConnectionStatus, SessionAction } from '@zelo/contracts/connections/events';
import type { ConnectionView } from '@zelo/contracts/connections/read-models';
import { useCallback, useState } from 'react';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
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

/** Doc 1 §2 connections screen: name, status, session actions by status, last update, default, actions. */
export function ConnectionsPage() {
  const t = useT();
  const connections = useLiveConnections();
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ConnectionView | null>(null);
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

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteConnection(deleting.id);
      toastSuccess(t('connections.deleted'));
      connections.reload();
    } catch (err) {
      toastError(err);
    }
    setDeleting(null);
  };

  const button = (c: ConnectionView, kind: SessionButton) => {
    const common = { size: 'small' as const, variant: 'outlined' as const, loading: busy === c.id };
    switch (kind) {
      case 'qr':
        return (
          <Button
            key={kind}
            {...common}
            intent="primary"
            icon="grid-view"
            text={t('connections.showQr')}
            onClick={() => setQrFor(c.id)}
            data-testid="connection-show-qr"
          />
        );
      case 'retry':
        return (
          <Button
            key={kind}
            {...common}
            icon="refresh"
            text={t('connections.retry')}
            onClick={() => session(c, 'start')}
            data-testid="connection-retry"
          />
        );
      case 'newQr':
        return (
          <Button
            key={kind}
            {...common}
            intent="primary"
            icon="grid-view"
            text={t('connections.newQr')}
            onClick={() => session(c, 'restart')}
            data-testid="connection-new-qr"
          />
        );
      case 'disconnect':
        return (
          <Button
            key={kind}
            {...common}
            intent="danger"
            icon="disable"
            text={t('connections.disconnect')}
            onClick={() => session(c, 'disconnect')}
            data-testid="connection-disconnect"
          />
        );
      case 'connecting':
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
    }
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
                        onClick={() => setDeleting(c)}
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
      <Alert
        isOpen={!!deleting}
        intent="danger"
        icon="trash"
        confirmButtonText={t('connections.delete')}
        cancelButtonText={t('connections.cancel')}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        {t('connections.confirmDelete', { name: deleting?.name ?? '' })}
      </Alert>
    </div>
  );
}
