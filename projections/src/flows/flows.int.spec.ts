import type { AnyEvent } from '@zelo/contracts/events';
import {
  flowCampaignCreated,
  flowCreated,
  flowDeleted,
  flowRenamed,
  flowSaved,
  testId,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { flowsProjection } from './flows.ts';
import {
  getFlowWithGraph,
  loadFlowGraph,
  loadFlowVersion,
  matchPhraseCampaign,
  searchFlows,
} from './queries.ts';

describe('flows read model', () => {
  const db = useReadModelDatabase();
  const given = async (...events: AnyEvent[]) => db.given([flowsProjection], events);
  const graph = (label: string) => ({
    nodes: [
      { id: '1', type: 'start', position: { x: 250, y: 100 }, data: { label: 'Inicio do fluxo' } },
      { id: 'm', type: 'message', position: { x: 500, y: 100 }, data: { label } },
    ],
    connections: [{ id: 'e', source: '1', target: 'm', sourceHandle: null, targetHandle: null }],
  });

  it('keeps every version; the latest is what the editor and a new run read', async () => {
    const companyId = testId();
    const flowId = testId();
    const ref = { companyId, flowId };
    const events = [
      flowCreated({ ...ref, name: 'Boas-vindas' }),
      flowSaved({ ...ref, version: 1, ...graph('Olá') }),
      flowRenamed({ ...ref, name: 'Recepção' }),
      flowSaved({ ...ref, version: 2, ...graph('Oi') }),
    ];
    const { changes } = await given(...events);
    expect(changes.map((c) => [c.kind, c.action])).toEqual([
      ['flowbuilder', 'create'],
      ['flowbuilder', 'update'],
      ['flowbuilder', 'update'],
      ['flowbuilder', 'update'],
    ]);
    // Applied again (a replay): the same rows.
    await given(...events);
    const flow = await getFlowWithGraph(db.pool, companyId, flowId);
    expect(flow).toMatchObject({ name: 'Recepção', version: 2, flow: graph('Oi') });
    expect((await loadFlowGraph(db.pool, companyId, flowId))?.version).toBe(2);
    expect((await loadFlowVersion(db.pool, flowId, 1))?.nodes[1]?.data).toEqual({ label: 'Olá' });
    expect((await searchFlows(db.pool, companyId, { pageNumber: 1 })).flows).toHaveLength(1);

    await given(flowDeleted(ref));
    expect(await getFlowWithGraph(db.pool, companyId, flowId)).toBeNull();
    expect(await loadFlowGraph(db.pool, companyId, flowId)).toBeNull();
    // A run that started on version 2 still reads it.
    expect(await loadFlowVersion(db.pool, flowId, 2)).not.toBeNull();
  });

  it('a phrase whose flow is gone starts nothing', async () => {
    const companyId = testId();
    const flowId = testId();
    const whatsappId = testId();
    await given(
      flowCreated({ companyId, flowId }),
      flowCampaignCreated({ companyId, flowId, whatsappId, phrase: 'Oi', status: true }),
    );
    expect(await matchPhraseCampaign(db.pool, companyId, whatsappId, ' oi ')).toMatchObject({ flowId });
    await given(flowDeleted({ companyId, flowId }));
    expect(await matchPhraseCampaign(db.pool, companyId, whatsappId, 'oi')).toBeNull();
  });
});
