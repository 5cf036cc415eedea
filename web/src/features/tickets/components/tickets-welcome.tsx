import { NonIdealState } from '@blueprintjs/core';
import { Logo } from '../../../components/ui/logo.tsx';
import { useT } from '../../../lib/i18n.ts';

export function TicketsWelcome() {
  const t = useT();
  return (
    <div className="conversation-welcome">
      <NonIdealState
        icon={<Logo size={72} />}
        title={t('tickets.welcomeTitle')}
        description={t('tickets.welcomeMessage')}
      />
    </div>
  );
}
