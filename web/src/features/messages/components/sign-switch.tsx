import { Switch } from '@blueprintjs/core';
import { useT } from '../../../lib/i18n.ts';
import './composer.css';

interface Props {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** Sign outgoing texts with the agent's name; hidden on narrow screens, where the stored choice still holds. */
export function SignSwitch({ checked, disabled, onChange }: Props) {
  const t = useT();
  return (
    <Switch
      className="composer-sign"
      checked={checked}
      disabled={disabled}
      label={t('composer.sign')}
      onChange={(e) => onChange(e.currentTarget.checked)}
      data-testid="sign-switch"
    />
  );
}
