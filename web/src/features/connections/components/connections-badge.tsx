import { Tag, Tooltip } from '@blueprintjs/core';
import { useT } from '../../../lib/i18n.ts';
import { useConnectionsNeedAttention } from '../lib/use-live-connections.ts';

/** The exclamation badge of the /connections menu entry (doc 1 §2 side menu). */
export function ConnectionsBadge() {
  const t = useT();
  const warn = useConnectionsNeedAttention();
  if (!warn) return null;
  return (
    <Tooltip content={t('connections.needsAttention')} placement="right">
      <Tag round intent="danger" data-testid="connections-badge" aria-label={t('connections.needsAttention')}>
        !
      </Tag>
    </Tooltip>
  );
}
