import { DomainError } from '@zelo/contracts/errors';
import type { FlowCampaignEvent } from '@zelo/contracts/flows/events';

/** One phrase campaign, stream `flowcampaign-<id>`: a phrase that starts a flow on a connection. */
export interface FlowCampaignState {
  companyId: string | null;
  fields: FlowCampaignFields | null;
  deleted: boolean;
}

export interface FlowCampaignFields {
  name: string;
  phrase: string;
  flowId: string;
  whatsappId: string;
  status: boolean;
}

export const flowCampaignStreamId = (id: string) => `flowcampaign-${id}`;
export const initialFlowCampaignState = (): FlowCampaignState => ({
  companyId: null,
  fields: null,
  deleted: false,
});

export function evolveFlowCampaign(state: FlowCampaignState, event: FlowCampaignEvent): FlowCampaignState {
  switch (event.type) {
    case 'FlowCampaignCreated':
    case 'FlowCampaignUpdated': {
      const { companyId, name, phrase, flowId, whatsappId, status } = event.data;
      return { ...state, companyId, fields: { name, phrase, flowId, whatsappId, status } };
    }
    case 'FlowCampaignDeleted':
      return { ...state, deleted: true };
  }
}

/**
 * The flow and the connection are checked by the handler (they must be the company's); `status` null on
 * update keeps it.
 */
export type FlowCampaignCommand =
  | {
      type: 'CreateFlowCampaign';
      companyId: string;
      flowCampaignId: string;
      userId: string;
      fields: Omit<FlowCampaignFields, 'status'>;
    }
  | {
      type: 'UpdateFlowCampaign';
      companyId: string;
      flowCampaignId: string;
      fields: Omit<FlowCampaignFields, 'status'> & { status: boolean | null };
    }
  | { type: 'DeleteFlowCampaign'; companyId: string; flowCampaignId: string };

function existing(state: FlowCampaignState, companyId: string): FlowCampaignFields {
  if (state.companyId !== companyId || state.deleted || !state.fields)
    throw new DomainError('ERR_NO_FLOW_CAMPAIGN_FOUND', 'flow campaign not found');
  return state.fields;
}

export function decideFlowCampaign(
  command: FlowCampaignCommand,
  state: FlowCampaignState,
): FlowCampaignEvent[] {
  const { companyId, flowCampaignId } = command;
  switch (command.type) {
    case 'CreateFlowCampaign': {
      if (state.companyId !== null) return [];
      const data = { flowCampaignId, companyId, userId: command.userId, ...command.fields, status: true };
      return [{ type: 'FlowCampaignCreated', data }];
    }
    case 'UpdateFlowCampaign': {
      const current = existing(state, companyId);
      const fields = { ...command.fields, status: command.fields.status ?? current.status };
      const keys = ['name', 'phrase', 'flowId', 'whatsappId', 'status'] as const;
      if (keys.every((k) => fields[k] === current[k])) return [];
      return [{ type: 'FlowCampaignUpdated', data: { flowCampaignId, companyId, ...fields } }];
    }
    case 'DeleteFlowCampaign':
      existing(state, companyId);
      return [{ type: 'FlowCampaignDeleted', data: { flowCampaignId, companyId } }];
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
