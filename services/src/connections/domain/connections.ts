import type {
  ConnectionCreated,
  ConnectionEvent,
  ConnectionStatus,
  SessionAction,
} from '@zelo/contracts/connections/events';
import { DomainError } from '@zelo/contracts/errors';

type Connection = Omit<ConnectionCreated['data'], 'companyId'> & { status: ConnectionStatus };
/** All connections of a company in one stream: "exactly one default" is decided here. */
export interface ConnectionsState {
  connections: Record<string, Connection>;
}
export const connectionsStreamId = (companyId: string) => `whatsapps-${companyId}`;
export const initialConnectionsState = (): ConnectionsState => ({ connections: {} });

export function evolveConnections(state: ConnectionsState, event: ConnectionEvent): ConnectionsState {
  const connections = { ...state.connections };
  const id = event.data.whatsappId;
  switch (event.type) {
    case 'ConnectionCreated': {
      const { companyId: _c, ...c } = event.data;
      if (c.isDefault)
        for (const k of Object.keys(connections)) connections[k] = { ...connections[k], isDefault: false };
      connections[id] = { ...c, status: 'DISCONNECTED' };
      break;
    }
    case 'ConnectionUpdated': {
      const { companyId: _c, ...c } = event.data;
      if (c.isDefault)
        for (const k of Object.keys(connections)) connections[k] = { ...connections[k], isDefault: false };
      connections[id] = { ...connections[id], ...c };
      break;
    }
    case 'ConnectionDeleted':
      delete connections[id];
      break;
    case 'ConnectionStatusChanged':
      if (connections[id]) connections[id] = { ...connections[id], status: event.data.status };
      break;
    case 'ConnectionContactsImportRequested':
    case 'ConnectionSessionRequested':
      break;
  }
  return { connections };
}

type Fields = Omit<ConnectionCreated['data'], 'companyId' | 'whatsappId' | 'token'>;
export type ConnectionCommand =
  | {
      type: 'CreateConnection';
      companyId: string;
      whatsappId: string;
      token: string;
      fields: Fields;
      /** The plan's number of connections; absent or null means no limit (the seed, tests). */
      limit?: number | null;
    }
  /** The fields given replace the current ones; the others are kept. */
  | { type: 'UpdateConnection'; companyId: string; whatsappId: string; fields: Partial<Fields> }
  | { type: 'DeleteConnection'; companyId: string; whatsappId: string }
  | { type: 'RequestContactsImport'; companyId: string; whatsappId: string; requestedBy: string }
  | {
      type: 'RequestSession';
      companyId: string;
      whatsappId: string;
      action: SessionAction;
      requestedBy: string;
    }
  | {
      type: 'ChangeConnectionStatus';
      companyId: string;
      whatsappId: string;
      status: ConnectionStatus;
      qrcode: string;
      retries: number;
      number?: string;
    };

type Cmd<T extends ConnectionCommand['type']> = Extract<ConnectionCommand, { type: T }>;

/** Every event decided now names all three automation links, null for none. */
const unlinked = { promptId: null, integrationId: null, flowIdWelcome: null };

const othersThan = (state: ConnectionsState, whatsappId: string) =>
  Object.values(state.connections).filter((c) => c.whatsappId !== whatsappId);

function existing(state: ConnectionsState, whatsappId: string): Connection {
  const current = state.connections[whatsappId];
  if (!current) throw new DomainError('ERR_NO_WAPP_FOUND', 'connection not found');
  return current;
}

function createConnection(command: Cmd<'CreateConnection'>, state: ConnectionsState): ConnectionEvent[] {
  const { companyId, whatsappId } = command;
  if (state.connections[whatsappId]) return [];
  const others = othersThan(state, whatsappId);
  // Decided on the company's stream, so two racing creations cannot both take the last slot.
  if (command.limit != null && others.length >= command.limit)
    throw new DomainError('ERR_CONNECTION_LIMIT_REACHED', `the plan allows ${command.limit} connections`, {
      limit: command.limit,
    });
  const fields = {
    ...unlinked,
    ...command.fields,
    isDefault: command.fields.isDefault || others.length === 0,
  };
  if (fields.queueIds.length > 1 && !fields.greetingMessage.trim()) throw greetingRequired();
  return [{ type: 'ConnectionCreated', data: { companyId, whatsappId, token: command.token, ...fields } }];
}

function updateConnection(command: Cmd<'UpdateConnection'>, state: ConnectionsState): ConnectionEvent[] {
  const { companyId, whatsappId } = command;
  const current = existing(state, whatsappId);
  const { whatsappId: _w, token: _t, status: _s, ...kept } = current;
  // A connection created before the links existed has none: its next update records them as null.
  const fields = { ...unlinked, ...kept, ...command.fields };
  if (current.isDefault && !fields.isDefault && !othersThan(state, whatsappId).some((c) => c.isDefault)) {
    throw new DomainError('ERR_NO_OTHER_WHATSAPP', 'at least one default connection is required');
  }
  if (fields.queueIds.length > 1 && !fields.greetingMessage.trim()) throw greetingRequired();
  return [{ type: 'ConnectionUpdated', data: { companyId, whatsappId, ...fields } }];
}

function deleteConnection(command: Cmd<'DeleteConnection'>, state: ConnectionsState): ConnectionEvent[] {
  const { companyId, whatsappId } = command;
  const current = existing(state, whatsappId);
  // The company keeps a default: deleting it hands the role to the oldest remaining connection.
  const heir = current.isDefault ? othersThan(state, whatsappId)[0] : undefined;
  const deleted: ConnectionEvent = { type: 'ConnectionDeleted', data: { companyId, whatsappId } };
  if (!heir) return [deleted];
  const { whatsappId: heirId, token: _t, status: _s, ...heirFields } = heir;
  return [
    deleted,
    { type: 'ConnectionUpdated', data: { companyId, whatsappId: heirId, ...heirFields, isDefault: true } },
  ];
}

function requestContactsImport(
  command: Cmd<'RequestContactsImport'>,
  state: ConnectionsState,
): ConnectionEvent[] {
  const { companyId, whatsappId, requestedBy } = command;
  if (existing(state, whatsappId).status !== 'CONNECTED') {
    throw new DomainError(
      'ERR_WAPP_NOT_INITIALIZED',
      'the connection must be connected to read its contacts',
    );
  }
  return [{ type: 'ConnectionContactsImportRequested', data: { companyId, whatsappId, requestedBy } }];
}

function requestSession(command: Cmd<'RequestSession'>, state: ConnectionsState): ConnectionEvent[] {
  const { companyId, whatsappId, action, requestedBy } = command;
  existing(state, whatsappId);
  return [{ type: 'ConnectionSessionRequested', data: { companyId, whatsappId, action, requestedBy } }];
}

function changeConnectionStatus(
  command: Cmd<'ChangeConnectionStatus'>,
  state: ConnectionsState,
): ConnectionEvent[] {
  const { companyId, whatsappId, status, qrcode, retries, number } = command;
  existing(state, whatsappId);
  return [
    {
      type: 'ConnectionStatusChanged',
      data: { companyId, whatsappId, status, qrcode, retries, ...(number ? { number } : {}) },
    },
  ];
}

export function decideConnections(command: ConnectionCommand, state: ConnectionsState): ConnectionEvent[] {
  switch (command.type) {
    case 'CreateConnection':
      return createConnection(command, state);
    case 'UpdateConnection':
      return updateConnection(command, state);
    case 'DeleteConnection':
      return deleteConnection(command, state);
    case 'RequestContactsImport':
      return requestContactsImport(command, state);
    case 'RequestSession':
      return requestSession(command, state);
    case 'ChangeConnectionStatus':
      return changeConnectionStatus(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

const greetingRequired = () =>
  new DomainError(
    'ERR_WAPP_GREETING_REQUIRED',
    'a greeting message is required when the connection has more than one queue',
  );
