import type { ConnectionEvent } from '@zelo/contracts/connections/events';
import { type Actor, type Deps, handle, load } from '../platform/command-handler.ts';
import {
  type ConnectionCommand,
  type ConnectionsState,
  connectionsStreamId,
  decideConnections,
  evolveConnections,
  initialConnectionsState,
} from './domain/connections.ts';

const aggregate = { initialState: initialConnectionsState, evolve: evolveConnections };

export const runConnectionCommand = (deps: Deps, command: ConnectionCommand, who: Actor) =>
  handle<ConnectionsState, ConnectionEvent>(
    deps,
    connectionsStreamId(command.companyId),
    aggregate,
    (s) => decideConnections(command, s),
    who,
  );

export const loadConnections = async (deps: Deps, companyId: string) =>
  (await load(deps.store, connectionsStreamId(companyId), aggregate)).state;

// The defaults live with the shape in the contracts; seed, bench and tests still import them from here.
export { defaultConnectionSettings } from '@zelo/contracts/connections/read-models';
