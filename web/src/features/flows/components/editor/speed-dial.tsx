import { Button, Icon } from '@blueprintjs/core';
import { useState } from 'react';
import { useT } from '../../../../lib/i18n.ts';
import type { FlowNodeType } from '../../lib/node-data.ts';
import { NODE_KINDS, SPEED_DIAL } from './node-kinds.ts';

/** Doc 2 §2.16: the vertical speed-dial at the canvas's top-left; the first five are the spec's. */
export function SpeedDial({ onPick }: { onPick: (type: FlowNodeType) => void }) {
  const t = useT();
  // Closed, it leaves the canvas's corner (where the start node stands) free.
  const [open, setOpen] = useState(false);
  return (
    <div className="flow-speed-dial" data-testid="flow-speed-dial">
      <Button
        intent="primary"
        icon={open ? 'cross' : 'plus'}
        className="flow-speed-dial-toggle"
        aria-label={t('flows.addNode')}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="flow-speed-dial-toggle"
      />
      {open && (
        <div className="flow-speed-dial-actions" role="menu">
          {SPEED_DIAL.map((type, i) => (
            <button
              key={type}
              type="button"
              role="menuitem"
              className={`flow-speed-dial-action${i === 5 ? ' flow-speed-dial-more' : ''}`}
              onClick={() => {
                setOpen(false);
                onPick(type);
              }}
              data-testid={`flow-add-${type}`}
            >
              <Icon icon={NODE_KINDS[type].icon} color={NODE_KINDS[type].color} size={14} />
              <span>{t(NODE_KINDS[type].label)}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
