import { Tag } from '@blueprintjs/core';
import { useCompanyPlan } from '../../lib/company-plan.ts';
import { useT } from '../../lib/i18n.ts';

type Limited = 'users' | 'connections' | 'queues';

/**
 * "Users: 2 / 3" beside a page's add button. At the limit it turns amber; the button stays enabled, so
 * the server's refusal (which names the limit) is what the person reads.
 */
export function PlanUsage({ kind, used }: { kind: Limited; used: number | undefined }) {
  const t = useT();
  const limit = useCompanyPlan().data?.plan[kind];
  if (limit === undefined || used === undefined) return null;
  const full = used >= limit;
  return (
    <Tag
      minimal
      size="large"
      icon={full ? 'warning-sign' : undefined}
      intent={full ? 'warning' : 'none'}
      title={full ? t('usage.full') : undefined}
      data-testid={`usage-${kind}`}
    >
      {t(`usage.${kind}`, { used, limit })}
    </Tag>
  );
}
