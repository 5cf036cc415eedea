import { Icon, Menu, MenuItem } from '@blueprintjs/core';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useQuickMessages } from '../api/quick-messages.ts';
import { matchQuickMessages, quickMessageLabel } from '../lib/autocomplete.ts';
import './quick-messages.css';

/**
 * The message input's quick-answer autocomplete (doc 1 §3): typing "/" and more than one character
 * lists matching shortcodes; a click, Enter or Tab puts the message in the input, with its attachment
 * when it has one (sent with the text); Escape dismisses.
 * Returns the menu to render above the input and a key handler that says whether it used the key.
 */
export function useQuickAnswers(
  body: string,
  onPick: (message: string, attachment?: { mediaUrl: string; mediaName: string }) => void,
) {
  const all = useQuickMessages();
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const matches = dismissed === body ? [] : matchQuickMessages(body, all);
  const count = matches.length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text starts at the first match
  useEffect(() => setActive(0), [body]);

  const pick = (index: number) => {
    const m = matches[index];
    if (!m) return;
    const { mediaUrl, mediaName } = m;
    onPick(m.message, mediaUrl ? { mediaUrl, mediaName: mediaName ?? mediaUrl } : undefined);
  };

  const onKeyDown = (e: KeyboardEvent): boolean => {
    if (count === 0) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : count - 1)) % count);
    } else if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
      pick(Math.min(active, count - 1));
    } else if (e.key === 'Escape') {
      setDismissed(body);
    } else return false;
    e.preventDefault();
    return true;
  };

  const menu =
    count === 0 ? null : (
      <Menu className="quick-answers bp6-elevation-2" data-testid="quick-answers">
        {matches.map((m, i) => (
          <MenuItem
            key={m.id}
            text={quickMessageLabel(m)}
            labelElement={m.mediaUrl ? <Icon icon="paperclip" /> : undefined}
            active={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(i)}
            data-testid="quick-answer"
          />
        ))}
      </Menu>
    );
  return { menu, onKeyDown };
}
