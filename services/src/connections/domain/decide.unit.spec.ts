import type { ConnectionCreated, ConnectionEvent } from '@zelo/contracts/connections/events';
import {
  connectionCreated,
  connectionStatusChanged,
  connectionUpdated,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  type ConnectionCommand,
  type ConnectionsState,
  decideConnections,
  evolveConnections,
  initialConnectionsState,
} from './connections.ts';

const spec = decider<ConnectionsState, ConnectionCommand, ConnectionEvent>({
  initialState: initialConnectionsState,
  evolve: evolveConnections,
  decide: decideConnections,
});

const companyId = '00000000-0000-4000-8000-000000000001';
const mainId = '00000000-0000-4000-8000-000000000004';
const backupId = '00000000-0000-4000-8000-000000000005';
const salesQueue = '00000000-0000-4000-8000-000000000020';
const supportQueue = '00000000-0000-4000-8000-000000000021';

type Fields = Omit<ConnectionCreated['data'], 'companyId' | 'whatsappId' | 'token'>;
const fields = (over: Partial<Fields> = {}): Fields => ({
  name: 'Principal',
  isDefault: false,
  provider: 'simulator',
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  expiresInactiveMessage: '',
  expiresTicket: 0,
  timeUseBotQueues: 0,
  maxUseBotQueues: 3,
  timeToTransfer: 0,
  transferQueueId: null,
  queueIds: [],
  promptId: null,
  integrationId: null,
  flowIdWelcome: null,
  ...over,
});
const create = (whatsappId: string, over: Partial<Fields> = {}): ConnectionCommand => ({
  type: 'CreateConnection',
  companyId,
  whatsappId,
  token: `token-${whatsappId}`,
  fields: fields(over),
});
const created = (whatsappId: string, over: Partial<Fields> = {}) =>
  connectionCreated({ companyId, whatsappId, token: `token-${whatsappId}`, ...fields(over) });
const update = (whatsappId: string, over: Partial<Fields> = {}): ConnectionCommand => ({
  type: 'UpdateConnection',
  companyId,
  whatsappId,
  fields: fields(over),
});
const updated = (whatsappId: string, over: Partial<Fields> = {}) =>
  connectionUpdated({ companyId, whatsappId, ...fields(over) });

const onlyMain = [created(mainId, { isDefault: true })];
const mainAndBackup = [...onlyMain, created(backupId, { name: 'Reserva' })];
const stateOf = (events: ConnectionEvent[]) => events.reduce(evolveConnections, initialConnectionsState());

describe('Connections', () => {
  describe('When the company has none', () => {
    it('the first connection becomes the default even if not asked to', () =>
      spec
        .given([])
        .when(create(mainId))
        .then([created(mainId, { isDefault: true })]));

    it('updating refuses with ERR_NO_WAPP_FOUND', () =>
      spec.given([]).when(update(mainId)).thenThrows('ERR_NO_WAPP_FOUND'));

    it('a status change refuses with ERR_NO_WAPP_FOUND', () =>
      spec
        .given([])
        .when({
          type: 'ChangeConnectionStatus',
          companyId,
          whatsappId: mainId,
          status: 'CONNECTED',
          qrcode: '',
          retries: 0,
        })
        .thenThrows('ERR_NO_WAPP_FOUND'));

    it('more than one queue with a blank greeting refuses with ERR_WAPP_GREETING_REQUIRED', () =>
      spec
        .given([])
        .when(create(mainId, { queueIds: [salesQueue, supportQueue], greetingMessage: '   ' }))
        .thenThrows('ERR_WAPP_GREETING_REQUIRED'));

    it('a single queue needs no greeting', () =>
      spec
        .given([])
        .when(create(mainId, { queueIds: [salesQueue] }))
        .then([created(mainId, { isDefault: true, queueIds: [salesQueue] })]));
  });

  describe('When one default connection exists', () => {
    it('creating it again (a retried request) decides nothing', () =>
      spec.given(onlyMain).when(create(mainId)).thenNothing());

    it('a second connection is not the default unless asked', () =>
      spec
        .given(onlyMain)
        .when(create(backupId, { name: 'Reserva' }))
        .then([created(backupId, { name: 'Reserva' })]));

    it('a second connection created as default takes the default over', () => {
      const state = stateOf([...onlyMain, created(backupId, { isDefault: true })]);
      expect(state.connections[mainId]?.isDefault).toBe(false);
      expect(state.connections[backupId]?.isDefault).toBe(true);
    });

    it('un-defaulting the only default refuses with ERR_NO_OTHER_WHATSAPP', () =>
      spec
        .given(onlyMain)
        .when(update(mainId, { isDefault: false }))
        .thenThrows('ERR_NO_OTHER_WHATSAPP'));

    it('adding a second queue without a greeting refuses with ERR_WAPP_GREETING_REQUIRED', () =>
      spec
        .given(onlyMain)
        .when(update(mainId, { isDefault: true, queueIds: [salesQueue, supportQueue] }))
        .thenThrows('ERR_WAPP_GREETING_REQUIRED'));

    it('several queues with a greeting are accepted', () => {
      const withQueues = {
        isDefault: true,
        queueIds: [salesQueue, supportQueue],
        greetingMessage: 'Escolha um setor:',
      };
      spec
        .given(onlyMain)
        .when(update(mainId, withQueues))
        .then([updated(mainId, withQueues)]);
    });

    it('a status change is recorded with its QR code, retries and number', () =>
      spec
        .given(onlyMain)
        .when({
          type: 'ChangeConnectionStatus',
          companyId,
          whatsappId: mainId,
          status: 'CONNECTED',
          qrcode: '',
          retries: 0,
          number: '5511988887777',
        })
        .then([
          {
            type: 'ConnectionStatusChanged',
            data: {
              companyId,
              whatsappId: mainId,
              status: 'CONNECTED',
              qrcode: '',
              retries: 0,
              number: '5511988887777',
            },
          },
        ]));

    it('a new connection starts disconnected and takes the reported status', () => {
      expect(stateOf(onlyMain).connections[mainId]?.status).toBe('DISCONNECTED');
      const qr: ConnectionEvent = {
        type: 'ConnectionStatusChanged',
        data: { companyId, whatsappId: mainId, status: 'qrcode', qrcode: 'QR-1', retries: 1 },
      };
      expect(stateOf([...onlyMain, qr]).connections[mainId]?.status).toBe('qrcode');
    });
  });

  describe('When another connection exists', () => {
    it('making it the default un-defaults the old one', () => {
      spec
        .given(mainAndBackup)
        .when(update(backupId, { name: 'Reserva', isDefault: true }))
        .then([updated(backupId, { name: 'Reserva', isDefault: true })]);
      const state = stateOf([...mainAndBackup, updated(backupId, { name: 'Reserva', isDefault: true })]);
      expect(state.connections[mainId]?.isDefault).toBe(false);
      expect(state.connections[backupId]?.isDefault).toBe(true);
    });

    it('the default still cannot simply be un-defaulted: ERR_NO_OTHER_WHATSAPP', () =>
      spec
        .given(mainAndBackup)
        .when(update(mainId, { isDefault: false }))
        .thenThrows('ERR_NO_OTHER_WHATSAPP'));

    it('a connection can be deleted', () =>
      spec
        .given(mainAndBackup)
        .when({ type: 'DeleteConnection', companyId, whatsappId: backupId })
        .then([{ type: 'ConnectionDeleted', data: { companyId, whatsappId: backupId } }]));

    it('deleting the default hands the default to the remaining connection', () => {
      const state = stateOf(mainAndBackup);
      const decided = decideConnections({ type: 'DeleteConnection', companyId, whatsappId: mainId }, state);
      expect(decided.map((e) => e.type)).toEqual(['ConnectionDeleted', 'ConnectionUpdated']);
      const after = stateOf([...mainAndBackup, ...decided]);
      expect(Object.keys(after.connections)).toEqual([backupId]);
      expect(after.connections[backupId]?.isDefault).toBe(true);
    });
  });

  describe('When the plan limit is reached', () => {
    it('a connection beyond the plan refuses with ERR_CONNECTION_LIMIT_REACHED', () =>
      spec
        .given(mainAndBackup)
        .when({ ...create('00000000-0000-4000-8000-000000000006'), limit: 2 } as ConnectionCommand)
        .thenThrows('ERR_CONNECTION_LIMIT_REACHED'));

    it('a connection within the plan is created', () =>
      spec
        .given(onlyMain)
        .when({ ...create(backupId, { name: 'Reserva' }), limit: 2 } as ConnectionCommand)
        .then([created(backupId, { name: 'Reserva' })]));

    it('a retried creation of a connection that exists is still nothing, not a refusal', () =>
      spec
        .given(mainAndBackup)
        .when({ ...create(backupId), limit: 2 } as ConnectionCommand)
        .thenNothing());

    it('a deleted connection frees its slot', () =>
      spec
        .given([...mainAndBackup, { type: 'ConnectionDeleted', data: { companyId, whatsappId: backupId } }])
        .when({ ...create('00000000-0000-4000-8000-000000000006'), limit: 2 } as ConnectionCommand)
        .then([created('00000000-0000-4000-8000-000000000006')]));
  });

  describe('When the default connection serves a queue', () => {
    it('fields left out keep their current values', () =>
      spec
        .given([created(mainId, { isDefault: true, greetingMessage: 'Olá', queueIds: [salesQueue] })])
        .when({ type: 'UpdateConnection', companyId, whatsappId: mainId, fields: { name: 'Vendas' } })
        .then([
          updated(mainId, {
            name: 'Vendas',
            isDefault: true,
            greetingMessage: 'Olá',
            queueIds: [salesQueue],
          }),
        ]));

    it('the greeting rule sees the merged fields: a second queue without a greeting is refused', () =>
      spec
        .given([created(mainId, { isDefault: true, queueIds: [salesQueue] })])
        .when({
          type: 'UpdateConnection',
          companyId,
          whatsappId: mainId,
          fields: { queueIds: [salesQueue, supportQueue] },
        })
        .thenThrows('ERR_WAPP_GREETING_REQUIRED'));
  });

  describe('Session requests', () => {
    for (const action of ['start', 'restart', 'disconnect'] as const)
      it(`"${action}" is recorded for the channel worker to act on`, () =>
        spec
          .given(onlyMain)
          .when({ type: 'RequestSession', companyId, whatsappId: mainId, action, requestedBy: 'u1' })
          .then([
            {
              type: 'ConnectionSessionRequested',
              data: { companyId, whatsappId: mainId, action, requestedBy: 'u1' },
            },
          ]));

    it('a session of an unknown connection refuses with ERR_NO_WAPP_FOUND', () =>
      spec
        .given([])
        .when({ type: 'RequestSession', companyId, whatsappId: mainId, action: 'start', requestedBy: 'u1' })
        .thenThrows('ERR_NO_WAPP_FOUND'));
  });

  describe('Contacts import', () => {
    it('is requested only while the connection is connected', () => {
      const created = decideConnections(
        { type: 'CreateConnection', companyId, whatsappId: mainId, token: 't', fields: fields({}) },
        initialConnectionsState(),
      );
      const offline = stateOf(created);
      expect(() =>
        decideConnections(
          { type: 'RequestContactsImport', companyId, whatsappId: mainId, requestedBy: 'u' },
          offline,
        ),
      ).toThrow(/connected/);
      const online = stateOf([
        ...created,
        connectionStatusChanged({
          companyId,
          whatsappId: mainId,
          status: 'CONNECTED',
          qrcode: '',
          retries: 0,
        }),
      ]);
      expect(
        decideConnections(
          { type: 'RequestContactsImport', companyId, whatsappId: mainId, requestedBy: 'u' },
          online,
        ).map((e) => e.type),
      ).toEqual(['ConnectionContactsImportRequested']);
    });
  });
});

describe('Connection automation links', () => {
  const promptId = '00000000-0000-4000-8000-000000000030';
  const integrationId = '00000000-0000-4000-8000-000000000031';
  const flowId = '00000000-0000-4000-8000-000000000032';
  /** A ConnectionCreated stored before the links existed: its data has no promptId, integrationId, flowIdWelcome. */
  const { promptId: _p, integrationId: _i, flowIdWelcome: _f, ...before } = fields({ isDefault: true });
  const storedBeforeLinks = connectionCreated({
    companyId,
    whatsappId: mainId,
    token: 'token-old',
    ...before,
  });

  describe('When a connection was stored before the links existed', () => {
    it('its next update records all three links, as null when not given', () =>
      spec
        .given([storedBeforeLinks])
        .when({ type: 'UpdateConnection', companyId, whatsappId: mainId, fields: { name: 'Vendas' } })
        .then([updated(mainId, { isDefault: true, name: 'Vendas' })]));

    it('an update may link a prompt, an integration and a welcome flow at once', () =>
      spec
        .given([storedBeforeLinks])
        .when({
          type: 'UpdateConnection',
          companyId,
          whatsappId: mainId,
          fields: { promptId, integrationId, flowIdWelcome: flowId },
        })
        .then([updated(mainId, { isDefault: true, promptId, integrationId, flowIdWelcome: flowId })]));
  });

  describe('When a connection links a prompt', () => {
    const linked = [created(mainId, { isDefault: true, promptId, flowIdWelcome: flowId })];

    it('an update that does not name the links keeps them', () =>
      spec
        .given(linked)
        .when({ type: 'UpdateConnection', companyId, whatsappId: mainId, fields: { name: 'Vendas' } })
        .then([updated(mainId, { isDefault: true, name: 'Vendas', promptId, flowIdWelcome: flowId })]));

    it('null unlinks the prompt and keeps the welcome flow', () =>
      spec
        .given(linked)
        .when({ type: 'UpdateConnection', companyId, whatsappId: mainId, fields: { promptId: null } })
        .then([updated(mainId, { isDefault: true, flowIdWelcome: flowId })]));

    it('the default handed to the heir keeps the heir its own links', () =>
      spec
        .given([...linked, created(backupId, { name: 'Reserva', integrationId })])
        .when({ type: 'DeleteConnection', companyId, whatsappId: mainId })
        .then([
          { type: 'ConnectionDeleted', data: { companyId, whatsappId: mainId } },
          updated(backupId, { name: 'Reserva', integrationId, isDefault: true }),
        ]));
  });
});
