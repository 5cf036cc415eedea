import { Button, PopoverNext, Spinner } from '@blueprintjs/core';
import type { EmojiStyle } from 'emoji-picker-react';
import { lazy, type RefObject, Suspense } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { themeAtom, useAtomValue } from '../../../lib/store.ts';
import { insertAtCaret } from '../lib/caret.ts';

// The picker carries its emoji data; loading it on first open keeps it out of the main bundle.
const EmojiPicker = lazy(() => import('emoji-picker-react'));
// The system's own emoji: the picker's default images come from a CDN, which the page's
// Content-Security-Policy does not allow (and which would learn who opens a conversation when).
const NATIVE = 'native' as EmojiStyle;

interface Props {
  disabled?: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (value: string) => void;
}

/** Inserts the chosen emoji at the caret of the message box; the picker stays open for more. */
export function EmojiButton({ disabled, inputRef, value, onChange }: Props) {
  const t = useT();
  const theme = useAtomValue(themeAtom);

  const pick = (emoji: string) => {
    const box = inputRef.current;
    const next = insertAtCaret(value, emoji, box?.selectionStart ?? null, box?.selectionEnd ?? null);
    onChange(next.text);
    // After React writes the new value, put the caret right after the emoji.
    requestAnimationFrame(() => box?.setSelectionRange(next.caret, next.caret));
  };

  return (
    <PopoverNext
      disabled={disabled}
      placement="top-start"
      content={
        <Suspense fallback={<Spinner size={24} />}>
          <EmojiPicker
            theme={theme}
            emojiStyle={NATIVE}
            lazyLoadEmojis
            previewConfig={{ showPreview: false }}
            labels={{ searchPlaceholder: t('composer.emojiSearch') }}
            onEmojiClick={(e) => pick(e.emoji)}
          />
        </Suspense>
      }
    >
      <Button
        variant="minimal"
        icon="emoji"
        size="large"
        disabled={disabled}
        aria-label={t('composer.emoji')}
        data-testid="emoji-button"
      />
    </PopoverNext>
  );
}
