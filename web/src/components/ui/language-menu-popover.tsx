// The language menu's popover and items, loaded by language-menu.tsx on first use: the popover code
// (floating-ui) would otherwise weigh on the login screen's first load.
import { Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import type { ReactElement } from 'react';
import { setLanguage, useT } from '../../lib/i18n.ts';
import { LANGUAGES, type Language } from '../../lib/store.ts';

interface Props {
  current: Language;
  onChange?: (lang: Language) => void;
  /** The menu's button. */
  children: ReactElement;
}

/** Mounted by the click that asked for it, so it starts open. */
export function LanguagePopover({ current, onChange, children }: Props) {
  const t = useT();
  const menu = (
    <Menu>
      {LANGUAGES.map((lang) => (
        <MenuItem
          key={lang}
          text={t(`language.${lang}`)}
          active={lang === current}
          data-testid={`language-${lang}`}
          onClick={() => {
            setLanguage(lang);
            onChange?.(lang);
          }}
        />
      ))}
    </Menu>
  );
  return (
    <PopoverNext content={menu} placement="bottom-end" defaultIsOpen>
      {children}
    </PopoverNext>
  );
}
