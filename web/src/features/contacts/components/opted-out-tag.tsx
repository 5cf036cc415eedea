import { Tag } from '@blueprintjs/core';
import { useT } from '../../../lib/i18n.ts';

/** LGPD (issue 25): the mark of a customer who opted out of campaigns, in lists beside the name. */
export function OptedOutTag() {
  const t = useT();
  return (
    <Tag minimal intent="warning" icon="disable" className="opted-out-tag" data-testid="opted-out-tag">
      {t('privacy.optedOutTag')}
    </Tag>
  );
}
