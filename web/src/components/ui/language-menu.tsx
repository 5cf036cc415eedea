import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useT } from '../../lib/i18n.ts';
import { type Language, languageAtom, useAtomValue } from '../../lib/store.ts';

type Popover = typeof import('./language-menu-popover.tsx').LanguagePopover;

let loading: Promise<Popover> | undefined;

/** Fetches the popover once; a failed fetch (the network) may be tried again by the next click. */
function loadPopover(): Promise<Popover> {
  loading ??= import('./language-menu-popover.tsx').then(
    (m) => m.LanguagePopover,
    (error) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

interface Props {
  /** Extra work after switching, e.g. telling the server (only when logged in). */
  onChange?: (lang: Language) => void;
  minimal?: boolean;
}

/**
 * The button shows at once; its popover arrives on first use (fetched already when the pointer comes
 * near or the button takes focus) and opens when in. From then on the popover handles the clicks.
 */
export function LanguageMenu({ onChange, minimal = true }: Props) {
  const t = useT();
  const current = useAtomValue(languageAtom);
  const [LanguagePopover, setPopover] = useState<Popover | null>(null);
  const prefetch = () => void loadPopover().catch(() => {});
  const open = () =>
    void loadPopover().then(
      (popover) => setPopover(() => popover),
      () => {},
    );
  const beforeLoad = { onPointerEnter: prefetch, onFocus: prefetch, onClick: open };
  const button = (
    <Button
      variant={minimal ? 'minimal' : 'outlined'}
      icon="translate"
      endIcon="caret-down"
      text={t(`language.${current}`)}
      aria-label={t('language.label')}
      data-testid="language-menu"
      {...(LanguagePopover ? {} : beforeLoad)}
    />
  );
  if (!LanguagePopover) return button;
  return (
    <LanguagePopover current={current} onChange={onChange}>
      {button}
    </LanguagePopover>
  );
}
