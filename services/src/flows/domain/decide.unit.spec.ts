import type { FlowCampaignEvent, FlowEvent } from '@zelo/contracts/flows/events';
import type { FlowGraphInput } from '@zelo/contracts/flows/graph';
import {
  flowCampaignCreated,
  flowCampaignDeleted,
  flowCreated,
  flowDeleted,
  flowSaved,
} from '@zelo/contracts/testing/events';
import { describe, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import { decideFlow, evolveFlow, type FlowCommand, type FlowState, initialFlowState } from './flow.ts';
import {
  decideFlowCampaign,
  evolveFlowCampaign,
  type FlowCampaignCommand,
  type FlowCampaignState,
  initialFlowCampaignState,
} from './flow-campaign.ts';

const flows = decider<FlowState, FlowCommand, FlowEvent>({
  initialState: initialFlowState,
  evolve: evolveFlow,
  decide: decideFlow,
});
const campaigns = decider<FlowCampaignState, FlowCampaignCommand, FlowCampaignEvent>({
  initialState: initialFlowCampaignState,
  evolve: evolveFlowCampaign,
  decide: decideFlowCampaign,
});

const companyId = '00000000-0000-4000-8000-000000000001';
const otherCompany = '00000000-0000-4000-8000-000000000002';
const userId = '00000000-0000-4000-8000-000000000010';
const flowId = '00000000-0000-4000-8000-000000000020';
const sourceId = '00000000-0000-4000-8000-000000000021';
const ref = { companyId, flowId };

const start = { id: '1', type: 'start', position: { x: 250, y: 100 }, data: { label: 'Inicio do fluxo' } };
const graph = (label: string): FlowGraphInput => ({
  nodes: [start, { id: 'm', type: 'message', position: { x: 500, y: 100 }, data: { label } }],
  connections: [{ id: 'e', source: '1', target: 'm', sourceHandle: null, targetHandle: null }],
});
const created = flowCreated({ ...ref, userId, name: 'Boas-vindas' });
const savedV1 = flowSaved({ ...ref, version: 1, ...graph('Olá') });

describe('Flow', () => {
  describe('When none exists', () => {
    it('creating names it, without a graph yet', () =>
      flows
        .given([])
        .when({ type: 'CreateFlow', ...ref, userId, name: 'Boas-vindas', copyOf: null })
        .then([created]));

    it('a duplicate starts at version 1 with the source graph', () =>
      flows
        .given([])
        .when({
          type: 'CreateFlow',
          ...ref,
          userId,
          name: 'Cópia de X',
          copyOf: { flowId: sourceId, graph: graph('Oi') },
        })
        .then([
          flowCreated({ ...ref, userId, name: 'Cópia de X', duplicatedFrom: sourceId }),
          flowSaved({ ...ref, version: 1, ...graph('Oi') }),
        ]));

    it('saving, renaming or deleting finds no flow', () => {
      flows
        .given([])
        .when({ type: 'SaveFlow', ...ref, graph: graph('Olá') })
        .thenThrows('ERR_NO_FLOW_FOUND');
      flows
        .given([])
        .when({ type: 'RenameFlow', ...ref, name: 'X' })
        .thenThrows('ERR_NO_FLOW_FOUND');
    });
  });

  describe('When created', () => {
    it('a retried create changes nothing', () =>
      flows
        .given([created])
        .when({ type: 'CreateFlow', ...ref, userId, name: 'Outro', copyOf: null })
        .thenNothing());

    it('each save is the whole graph, numbered one after the other', () =>
      flows
        .given([created, savedV1])
        .when({ type: 'SaveFlow', ...ref, graph: graph('Olá de novo') })
        .then([flowSaved({ ...ref, version: 2, ...graph('Olá de novo') })]));

    it('saving the same drawing again makes no new version', () =>
      flows
        .given([created, savedV1])
        .when({ type: 'SaveFlow', ...ref, graph: graph('Olá') })
        .thenNothing());

    it('the same drawing with its keys in another order (as jsonb gives it back) is still the same', () => {
      const stored = graph('Olá');
      const reordered = flowSaved({
        ...ref,
        version: 1,
        nodes: stored.nodes.map(({ data, type, position, id }) => ({ data, type, position, id })),
        connections: stored.connections.map(({ target, source, id, targetHandle, sourceHandle }) => ({
          target,
          source,
          id,
          targetHandle,
          sourceHandle,
        })),
      });
      flows
        .given([created, reordered])
        .when({ type: 'SaveFlow', ...ref, graph: stored })
        .thenNothing();
    });

    it('refuses a graph that breaks a rule, naming it', () =>
      flows
        .given([created])
        .when({ type: 'SaveFlow', ...ref, graph: graph('   ') })
        .thenThrows('ERR_INVALID_FLOW'));

    it('refuses media that are not the company uploads', () => {
      const img = {
        id: 'i',
        type: 'img',
        position: { x: 0, y: 0 },
        data: { url: 'https://x.example/a.png' },
      };
      flows
        .given([created])
        .when({ type: 'SaveFlow', ...ref, graph: { nodes: [start, img], connections: [] } })
        .thenThrows('ERR_INVALID_FLOW');
    });

    it('renames', () =>
      flows
        .given([created])
        .when({ type: 'RenameFlow', ...ref, name: 'Atendimento' })
        .then([{ type: 'FlowRenamed', data: { ...ref, name: 'Atendimento' } }]));

    it('another company finds nothing', () =>
      flows
        .given([created])
        .when({ type: 'RenameFlow', companyId: otherCompany, flowId, name: 'X' })
        .thenThrows('ERR_NO_FLOW_FOUND'));

    it('deleting refuses while a phrase campaign still starts it', () =>
      flows
        .given([created])
        .when({ type: 'DeleteFlow', ...ref, usedBy: 'the phrase campaign "Promo"' })
        .thenThrows('ERR_FLOW_IN_USE'));

    it('deletes when nothing uses it', () =>
      flows
        .given([created])
        .when({ type: 'DeleteFlow', ...ref, usedBy: null })
        .then([flowDeleted(ref)]));
  });

  describe('When deleted', () => {
    it('is gone for every command', () =>
      flows
        .given([created, flowDeleted(ref)])
        .when({ type: 'SaveFlow', ...ref, graph: graph('Olá') })
        .thenThrows('ERR_NO_FLOW_FOUND'));
  });
});

describe('Flow campaign', () => {
  const flowCampaignId = '00000000-0000-4000-8000-000000000030';
  const whatsappId = '00000000-0000-4000-8000-000000000040';
  const cref = { companyId, flowCampaignId };
  const fields = { name: 'Promo', phrase: 'quero a promoção', flowId, whatsappId };
  const made = flowCampaignCreated({ ...cref, userId, ...fields, status: true });

  it('When none exists, creating makes it active', () =>
    campaigns
      .given([])
      .when({ type: 'CreateFlowCampaign', ...cref, userId, fields })
      .then([made]));

  describe('When created', () => {
    it('updating with status left out keeps it', () =>
      campaigns
        .given([made])
        .when({ type: 'UpdateFlowCampaign', ...cref, fields: { ...fields, phrase: 'promo', status: null } })
        .then([
          { type: 'FlowCampaignUpdated', data: { ...cref, ...fields, phrase: 'promo', status: true } },
        ]));

    it('turning it off', () =>
      campaigns
        .given([made])
        .when({ type: 'UpdateFlowCampaign', ...cref, fields: { ...fields, status: false } })
        .then([{ type: 'FlowCampaignUpdated', data: { ...cref, ...fields, status: false } }]));

    it('an update that changes nothing writes nothing', () =>
      campaigns
        .given([made])
        .when({ type: 'UpdateFlowCampaign', ...cref, fields: { ...fields, status: true } })
        .thenNothing());

    it('another company finds nothing', () =>
      campaigns
        .given([made])
        .when({ type: 'DeleteFlowCampaign', companyId: otherCompany, flowCampaignId })
        .thenThrows('ERR_NO_FLOW_CAMPAIGN_FOUND'));

    it('deletes', () =>
      campaigns
        .given([made])
        .when({ type: 'DeleteFlowCampaign', ...cref })
        .then([flowCampaignDeleted(cref)]));
  });
});
