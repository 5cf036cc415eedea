import { Button, Icon } from '@blueprintjs/core';
import { Handle, Position } from '@xyflow/react';
import type { ReactNode } from 'react';
import { useT } from '../../../../../lib/i18n.ts';
import type { FlowNodeType } from '../../../lib/node-data.ts';
import { useEditorActions } from '../editor-actions.ts';
import { NODE_KINDS } from '../node-kinds.ts';

interface Props {
  id: string;
  type: FlowNodeType;
  error?: string;
  /** Nodes the flow enters (all but the start). */
  target?: boolean;
  /** A single output on the right; nodes with several outputs draw their own handles. */
  source?: boolean;
  /** The start node has no actions: it is never deleted nor copied. */
  actions?: boolean;
  children?: ReactNode;
}

/** The frame every node shares: coloured header with its own actions, body, handles, save error. */
export function NodeShell({
  id,
  type,
  error,
  target = true,
  source = true,
  actions = true,
  children,
}: Props) {
  const t = useT();
  const kind = NODE_KINDS[type];
  const { edit, duplicate, remove } = useEditorActions();
  return (
    <div
      className={`flow-node${error ? ' flow-node-invalid' : ''}`}
      style={{ borderTopColor: kind.color }}
      data-testid={`flow-node-${type}`}
      data-node-id={id}
    >
      {target && <Handle type="target" position={Position.Left} />}
      <div className="flow-node-header">
        <Icon icon={kind.icon} color={kind.color} size={14} />
        <span className="flow-node-title">{t(kind.label)}</span>
        {actions && (
          <span className="flow-node-actions nodrag">
            <Button
              size="small"
              variant="minimal"
              icon="edit"
              aria-label={t('flows.nodeEdit')}
              onClick={() => edit(id)}
              data-testid="flow-node-edit"
            />
            <Button
              size="small"
              variant="minimal"
              icon="duplicate"
              aria-label={t('flows.nodeDuplicate')}
              onClick={() => duplicate(id)}
              data-testid="flow-node-duplicate"
            />
            <Button
              size="small"
              variant="minimal"
              icon="trash"
              aria-label={t('flows.nodeDelete')}
              onClick={() => remove(id)}
              data-testid="flow-node-delete"
            />
          </span>
        )}
      </div>
      {children && <div className="flow-node-body">{children}</div>}
      {error && (
        <div className="flow-node-error" role="alert" data-testid="flow-node-error">
          <Icon icon="error" size={12} /> {error}
        </div>
      )}
      {source && <Handle type="source" position={Position.Right} />}
    </div>
  );
}

/** A source handle beside one row of the node (a menu option, a randomizer or condition branch). */
export function RowHandle({ id, label, testId }: { id: string; label: ReactNode; testId?: string }) {
  return (
    <div className="flow-node-row" data-testid={testId}>
      <span>{label}</span>
      <Handle type="source" position={Position.Right} id={id} className="flow-row-handle" />
    </div>
  );
}
