import { type Actor, commandHandler, type Deps, load } from '../platform/command-handler.ts';
import {
  type ConnectionCommand,
  connectionsStreamId,
  decideConnections,
  evolveConnections,
  initialConnectionsState,
} from './domain/connections.ts';

const aggregate = { initialState: initialConnectionsState, evolve: evolveConnections };

const handleConnectionCommand = commandHandler(aggregate, connectionsStreamId, decideConnections);

/** All of a company's connections share its stream, so the command names the stream by its company. */
export const runConnectionCommand = (deps: Deps, command: ConnectionCommand, who: Actor) =>
  handleConnectionCommand(deps, command.companyId, command, who);

export const loadConnections = async (deps: Deps, companyId: string) =>
  (await load(deps.store, connectionsStreamId(companyId), aggregate)).state;
