import type { AnyEvent } from '@zelo/contracts/events';
import {
  connectionCreated,
  connectionDeleted,
  connectionSessionRequested,
  connectionStatusChanged,
  connectionUpdated,
  testId,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { getConnection, getConnectionSettings, listConnections } from './queries.ts';
import { connectionsProjection } from './whatsapps.ts';

describe('connections (whatsapps) read model', () => {
  const db = useReadModelDatabase();
  const given = async (...events: AnyEvent[]) => (await db.given([connectionsProjection], events)).history;

  it('shows a connection with its settings, its session status and, to admins, its token', async () => {
    const companyId = testId();
    const queueId = testId();
    const created = connectionCreated({
      companyId,
      name: 'Main line',
      token: 'secret-token',
      greetingMessage: 'Olá!',
      maxUseBotQueues: 2,
    });
    const { whatsappId } = created.data;
    const history = await given(
      created,
      connectionUpdated({
        ...created.data,
        name: 'Vendas',
        greetingMessage: 'Bem-vindo',
        expiresTicket: 30,
        transferQueueId: queueId,
        queueIds: [queueId],
      }),
      connectionStatusChanged({ companyId, whatsappId, status: 'qrcode', qrcode: 'QR-1', retries: 1 }),
      connectionStatusChanged({
        companyId,
        whatsappId,
        status: 'CONNECTED',
        qrcode: '',
        retries: 0,
        number: '5511900001111',
      }),
    );
    expect(await getConnection(db.pool, companyId, whatsappId, { withToken: true })).toEqual({
      id: whatsappId,
      name: 'Vendas',
      status: 'CONNECTED',
      qrcode: '',
      retries: 0,
      number: '5511900001111',
      isDefault: true,
      provider: 'simulator',
      greetingMessage: 'Bem-vindo',
      complationMessage: '',
      outOfHoursMessage: '',
      ratingMessage: '',
      expiresInactiveMessage: '',
      expiresTicket: 30,
      timeUseBotQueues: 0,
      maxUseBotQueues: 2,
      timeToTransfer: 0,
      transferQueueId: queueId,
      queueIds: [queueId],
      // These events, like the ones stored before the links existed, name none: they read as null.
      promptId: null,
      integrationId: null,
      flowIdWelcome: null,
      token: 'secret-token',
      createdAt: history[0].metadata.at,
      updatedAt: history[3].metadata.at,
    });
    expect(await getConnection(db.pool, companyId, whatsappId)).not.toHaveProperty('token');
    expect(await getConnectionSettings(db.pool, whatsappId)).toMatchObject({
      greetingMessage: 'Bem-vindo',
      expiresTicket: 30,
      maxUseBotQueues: 2,
      queueIds: [queueId],
    });
  });

  it('shows the prompt, integration and welcome flow a connection links, to the chatbot too', async () => {
    const companyId = testId();
    const [promptId, integrationId, flowIdWelcome] = [testId(), testId(), testId()];
    const created = connectionCreated({ companyId, name: 'Vendas' });
    const { whatsappId } = created.data;
    await given(created, connectionUpdated({ ...created.data, promptId, integrationId, flowIdWelcome }));
    const links = { promptId, integrationId, flowIdWelcome };
    expect(await getConnection(db.pool, companyId, whatsappId)).toMatchObject(links);
    expect((await listConnections(db.pool, companyId))[0]).toMatchObject(links);
    expect(await getConnectionSettings(db.pool, whatsappId)).toMatchObject(links);
    await given(connectionUpdated({ ...created.data, promptId: null, integrationId, flowIdWelcome: null }));
    expect(await getConnectionSettings(db.pool, whatsappId)).toMatchObject({
      promptId: null,
      integrationId,
      flowIdWelcome: null,
    });
  });

  it('keeps one default connection per company, lists it first, and drops a deleted one', async () => {
    const companyId = testId();
    const first = connectionCreated({ companyId, name: 'Primeira', isDefault: true });
    const second = connectionCreated({ companyId, name: 'Segunda', isDefault: true });
    const third = connectionCreated({ companyId, name: 'Terceira', isDefault: false });
    await given(first, second, third, connectionDeleted({ companyId, whatsappId: third.data.whatsappId }));
    expect((await listConnections(db.pool, companyId)).map((c) => [c.name, c.isDefault])).toEqual([
      ['Segunda', true],
      ['Primeira', false],
    ]);
  });

  it('records the session an admin asked for, and a new QR generation on restart', async () => {
    const companyId = testId();
    const created = connectionCreated({ companyId });
    const { whatsappId } = created.data;
    const session = async () =>
      (
        await db.pool.query('SELECT desired_session, session_generation FROM whatsapps WHERE id = $1', [
          whatsappId,
        ])
      ).rows[0];
    await given(created, connectionSessionRequested({ companyId, whatsappId, action: 'disconnect' }));
    expect(await session()).toEqual({ desired_session: 'disconnected', session_generation: 0 });
    await given(connectionSessionRequested({ companyId, whatsappId, action: 'restart' }));
    expect(await session()).toEqual({ desired_session: 'connected', session_generation: 1 });
  });
});
