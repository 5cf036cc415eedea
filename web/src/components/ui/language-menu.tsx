import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { setLanguage, useT } from '../../lib/i18n.ts';
import { LANGUAGES, type Language, languageAtom, useAtomValue } from '../../lib/store.ts';

interface Props {
  /** Extra work after switching, e.g. telling the server (only when logged in). */
  onChange?: (lang: Language) => void;
  minimal?: boolean;
}

export function LanguageMenu({ onChange, minimal = true }: Props) {
  const t = useT();
  const current = useAtomValue(languageAtom);
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
    <PopoverNext content={menu} placement="bottom-end">
      <Button
        variant={minimal ? 'minimal' : 'outlined'}
        icon="translate"
        endIcon="caret-down"
        text={t(`language.${current}`)}
        aria-label={t('language.label')}
        data-testid="language-menu"
      />
    </PopoverNext>
  );
}
