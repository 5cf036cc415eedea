import { type Actor, commandHandler, type Deps } from '../platform/command-handler.ts';
import {
  decideSlaPolicies,
  evolveSlaPolicies,
  initialSlaPoliciesState,
  type SlaPolicyCommand,
  slaPoliciesStreamId,
} from './domain/sla-policies.ts';

const slaPoliciesAggregate = { initialState: initialSlaPoliciesState, evolve: evolveSlaPolicies };
const handleSlaPolicyCommand = commandHandler(slaPoliciesAggregate, slaPoliciesStreamId, decideSlaPolicies);

/** All of a company's SLA policies share its stream, so the command names the stream by its company. */
export const runSlaPolicyCommand = (deps: Deps, command: SlaPolicyCommand, who: Actor) =>
  handleSlaPolicyCommand(deps, command.companyId, command, who);
