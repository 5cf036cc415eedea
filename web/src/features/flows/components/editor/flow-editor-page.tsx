import '@xyflow/react/dist/style.css';
import '../flows.css';
import { Button, Callout, Spinner } from '@blueprintjs/core';
import {
  addEdge,
  Background,
  BackgroundVariant,
  type Connection,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useEdgesState,
  useNodesState,
  useReactFlow,
} from '@xyflow/react';
import type { FlowGraphFinding } from '@zelo/contracts/flows/graph';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../../../lib/api.ts';
import { type TKey, useT } from '../../../../lib/i18n.ts';
import { themeAtom, useAtomValue } from '../../../../lib/store.ts';
import { showToast } from '../../../../lib/toaster.ts';
import { getFlowGraph, saveFlowGraph } from '../../api/flows.ts';
import {
  duplicateNode,
  edgeId,
  fromStored,
  markFindings,
  removeNode,
  startNode,
  toPayload,
  withError,
  withoutStaleHandles,
} from '../../lib/graph.ts';
import type { FlowEdge, FlowNode, FlowNodeType, NodeDataByType } from '../../lib/node-data.ts';
import { randomNodeId } from '../../lib/node-ids.ts';
import { positionForNew, upsertNode } from '../../lib/placement.ts';
import { FLOW_TOAST_MS, flowError, flowSuccess } from '../../lib/toasts.ts';
import { readVariables, variablesOf, withVariable, writeVariables } from '../../lib/variables.ts';
import { type EditorActions, EditorActionsContext } from './editor-actions.ts';
import { NodeDialog, type OpenDialog } from './node-dialog.tsx';
import { NODE_KINDS } from './node-kinds.ts';
import { FLOW_NODE_COMPONENTS } from './nodes/flow-nodes.tsx';
import { SpeedDial } from './speed-dial.tsx';

/** Doc 2 §4: loading waits 500 ms, then fetches the flow. */
export const LOAD_DELAY_MS = 500;
const DELETE_KEYS = ['Delete', 'Backspace'];
const NO_DIALOG: FlowNodeType[] = ['start', 'condition'];

/** Doc 2 §2.16 "Desenhe seu fluxo": the flow editor of /flowbuilder/:id?. */
export function FlowEditorPage({ flowId }: { flowId?: string }) {
  return (
    <ReactFlowProvider>
      <FlowEditor flowId={flowId} />
    </ReactFlowProvider>
  );
}

function FlowEditor({ flowId }: { flowId?: string }) {
  const t = useT();
  const [, navigate] = useLocation();
  const theme = useAtomValue(themeAtom);
  const { fitView } = useReactFlow();
  const [nodes, setNodes, onNodesChange] = useNodesState<FlowNode>([startNode(t('flows.nodeStart'))]);
  const [edges, setEdges, onEdgesChange] = useEdgesState<FlowEdge>([]);
  const [loading, setLoading] = useState(!!flowId);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [saving, setSaving] = useState(false);
  const [general, setGeneral] = useState<string[]>([]);
  const latest = useRef({ nodes, edges });
  latest.current = { nodes, edges };

  useEffect(() => {
    if (!flowId) return;
    const ctrl = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      getFlowGraph(flowId, ctrl.signal)
        .then((answer) => {
          const stored = answer.flow?.flow;
          if (!stored) return;
          const graph = fromStored(stored);
          setNodes(graph.nodes);
          setEdges(graph.edges);
          writeVariables(variablesOf(graph.nodes));
          setTimeout(() => void fitView({ maxZoom: 1, padding: 0.2 }), 50);
        })
        .catch((err) => !ctrl.signal.aborted && flowError(err))
        .finally(() => !ctrl.signal.aborted && setLoading(false));
    }, LOAD_DELAY_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [flowId, setNodes, setEdges, fitView]);

  const actions = useMemo<EditorActions>(
    () => ({
      edit: (id) => {
        const node = latest.current.nodes.find((n) => n.id === id);
        if (!node || NO_DIALOG.includes(node.type)) return;
        const { error: _error, ...data } = node.data as Record<string, unknown>;
        setDialog({ type: node.type, mode: 'edit', nodeId: id, data });
      },
      duplicate: (id) => setNodes((ns) => duplicateNode(ns, id)),
      remove: (id) => {
        const next = removeNode(latest.current.nodes, latest.current.edges, id);
        setNodes(next.nodes);
        setEdges(next.edges);
      },
    }),
    [setNodes, setEdges],
  );

  const saveNode = (data: NodeDataByType[FlowNodeType]) => {
    const open = dialog;
    setDialog(null);
    if (!open) return;
    const { nodes: current, edges: currentEdges } = latest.current;
    const existing = open.nodeId ? current.find((n) => n.id === open.nodeId) : undefined;
    const node = (
      existing
        ? { ...existing, data }
        : { id: randomNodeId(), type: open.type, position: positionForNew(current), data }
    ) as FlowNode;
    const nextNodes = upsertNode(current, node);
    setNodes(nextNodes);
    // A menu that lost options loses the edges that left through them.
    if (existing) setEdges(withoutStaleHandles(nextNodes, currentEdges));
    if (open.type === 'question') {
      const before = (open.data as NodeDataByType['question'] | undefined)?.typebotIntegration?.answerKey;
      const after = (data as NodeDataByType['question']).typebotIntegration.answerKey;
      writeVariables(withVariable(readVariables(), after, before));
    }
  };

  const onConnect = useCallback(
    (c: Connection) => {
      setEdges((es) => addEdge({ ...c, id: edgeId(c) }, es));
      setNodes((ns) => ns.map((n) => (n.id === c.source ? withError(n) : n)));
    },
    [setEdges, setNodes],
  );

  const describe = (f: FlowGraphFinding) => {
    const key = `flows.finding${f.code}`;
    const text = t(key as TKey);
    return text === key ? f.message : text;
  };

  const save = async () => {
    if (!flowId) return;
    setSaving(true);
    try {
      await saveFlowGraph(toPayload(flowId, latest.current.nodes, latest.current.edges));
      setNodes((ns) => ns.map((n) => withError(n)));
      setGeneral([]);
      flowSuccess(t('flows.saved'));
    } catch (err) {
      const details = err instanceof ApiError ? err.body.details : undefined;
      if (Array.isArray(details)) {
        const marked = markFindings(latest.current.nodes, details as FlowGraphFinding[], describe);
        setNodes(marked.nodes);
        setGeneral(marked.general);
        showToast(t('flows.saveRefused'), 'danger', FLOW_TOAST_MS);
      } else flowError(err);
    } finally {
      setSaving(false);
    }
  };

  const anySelected = nodes.some((n) => n.selected);
  return (
    <div className="flow-editor" data-testid="flow-editor">
      <div className="flow-editor-header">
        <Button
          variant="minimal"
          icon="arrow-left"
          aria-label={t('flows.back')}
          onClick={() => navigate('/flowbuilders')}
        />
        <h2>{t('flows.editorTitle')}</h2>
        <span className="flow-editor-hint">{t('flows.saveHint')}</span>
        <Button
          intent="primary"
          icon="floppy-disk"
          text={t('flows.save')}
          loading={saving}
          disabled={!flowId || loading}
          onClick={() => void save()}
          data-testid="flow-save"
        />
      </div>
      {general.length > 0 && (
        <Callout intent="danger" className="flow-editor-general" data-testid="flow-general-errors">
          {general.map((g) => (
            <div key={g}>{g}</div>
          ))}
        </Callout>
      )}
      <div className={`flow-canvas${anySelected ? ' flow-canvas-selecting' : ''}`}>
        {loading ? (
          <div className="flow-canvas-loading" data-testid="flow-loading">
            <Spinner size={48} />
          </div>
        ) : (
          <EditorActionsContext.Provider value={actions}>
            <ReactFlow<FlowNode, FlowEdge>
              nodes={nodes}
              edges={edges}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onConnect={onConnect}
              nodeTypes={FLOW_NODE_COMPONENTS}
              onNodeDoubleClick={(_e, node) => actions.edit(node.id)}
              deleteKeyCode={DELETE_KEYS}
              colorMode={theme}
              defaultViewport={{ x: 0, y: 0, zoom: 1 }}
              zoomOnDoubleClick={false}
              minZoom={0.2}
            >
              <Background variant={BackgroundVariant.Dots} gap={16} size={1} />
              <Controls showInteractive={false} />
              <MiniMap
                pannable
                zoomable
                nodeColor={(n) => NODE_KINDS[n.type as FlowNodeType]?.color ?? '#8f99a8'}
              />
            </ReactFlow>
            <SpeedDial onPick={(type) => setDialog({ type, mode: 'create' })} />
          </EditorActionsContext.Provider>
        )}
      </div>
      {dialog && <NodeDialog open={dialog} onSave={saveNode} onClose={() => setDialog(null)} />}
    </div>
  );
}
