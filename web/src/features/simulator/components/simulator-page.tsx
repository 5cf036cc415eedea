import { Button, Callout, Card, FormGroup, H4, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { LanguageMenu } from '../../../components/ui/language-menu.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { useT } from '../../../lib/i18n.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { addSimPhone } from '../api/add-phone.ts';
import { useSimConnections } from '../api/list-connections.ts';
import { usePhoneMessages } from '../api/list-phone-messages.ts';
import { useSendInbound } from '../api/send-inbound.ts';
import { SimPhone } from './sim-phone.tsx';

export function SimulatorPage() {
  const t = useT();
  const connections = useSimConnections();
  const [connectionId, setConnectionId] = useState<string | null>(null);
  const [number, setNumber] = useState('5511999990001');
  const [name, setName] = useState('Cliente Demo');
  const messages = usePhoneMessages(connectionId, number);
  const sendInbound = useSendInbound();
  const list = connections.data ?? [];

  // Pick the first connection once they load, so the page is usable with one click less.
  useEffect(() => {
    if (!connectionId && list.length > 0) setConnectionId(list[0].id);
  }, [connectionId, list]);

  const current = list.find((c) => c.id === connectionId);
  const send = (body: string) =>
    connectionId ? sendInbound(connectionId, { from: number, name, body }) : Promise.resolve(false);

  return (
    <div className="simulator-page">
      <header className="simulator-top">
        <Logo size={32} />
        <div className="simulator-top-actions">
          <LanguageMenu />
          <Link href="/login">{t('simulator.goToLogin')}</Link>
        </div>
      </header>
      <div className="simulator-body">
        <Card className="simulator-settings" elevation={1}>
          <H4>{t('simulator.title')}</H4>
          <p className="bp6-text-muted">{t('simulator.subtitle')}</p>
          {!connections.loading && list.length === 0 && (
            <Callout intent="warning" icon="warning-sign">
              {t('simulator.noConnections')}
            </Callout>
          )}
          <FormGroup label={t('simulator.connection')} labelFor="sim-connection">
            <HTMLSelect
              id="sim-connection"
              fill
              value={connectionId ?? ''}
              onChange={(e) => setConnectionId(e.currentTarget.value || null)}
              data-testid="sim-connection"
            >
              {list.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} — {c.companyName} ({c.status})
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label={t('simulator.number')} labelFor="sim-number">
            <InputGroup
              id="sim-number"
              leftIcon="phone"
              value={number}
              onChange={(e) => setNumber(e.currentTarget.value)}
              data-testid="sim-number"
            />
          </FormGroup>
          <FormGroup label={t('simulator.name')} labelFor="sim-name">
            <InputGroup
              id="sim-name"
              leftIcon="person"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              data-testid="sim-name"
            />
          </FormGroup>
          <Button
            icon="mobile-phone"
            text={t('simulator.addPhone')}
            onClick={() =>
              addSimPhone(number, name).then(
                (p) => toastSuccess(t('simulator.phoneAdded', { number: p.number })),
                toastError,
              )
            }
            data-testid="sim-add-phone"
          />
          <Button icon="refresh" variant="minimal" text={t('shell.refresh')} onClick={connections.reload} />
        </Card>
        <SimPhone
          title={current?.name ?? ''}
          subtitle={current?.companyName ?? ''}
          messages={messages}
          disabled={!connectionId}
          onSend={send}
        />
      </div>
    </div>
  );
}
