import { NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import type { MessageView } from '@zelo/contracts/messaging/read-models';
import { type RefObject, useLayoutEffect, useRef } from 'react';
import { formatDate, formatSeconds } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { withDaySeparators } from '../lib/message-list.ts';
import { MessageBubble } from './message-bubble.tsx';

interface Props {
  messages: MessageView[];
  loading: boolean;
  isGroup: boolean;
  lastChange: RefObject<'reset' | 'older' | 'new' | 'update'>;
  onLoadOlder: () => void;
  /** Options per message (reply, delete own); absent for read-only views. */
  actions?: {
    canDelete: (m: MessageView) => boolean;
    onReply: (m: MessageView) => void;
    onDelete: (m: MessageView) => void;
  };
  /** A message to bring into view and highlight once it is in the list (a search hit, issue 24). */
  focusId?: string;
}

const LOAD_OLDER_PX = 50;

export function MessageList({
  messages,
  loading,
  isGroup,
  lastChange,
  onLoadOlder,
  actions,
  focusId,
}: Props) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const heightBefore = useRef(0);
  const focused = useRef<string | undefined>(undefined);

  // New and first messages stick to the bottom; an older page keeps what the reader was looking at.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each list change to fix the scroll
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (lastChange.current === 'older') el.scrollTop = el.scrollHeight - heightBefore.current;
    else if (lastChange.current !== 'update') el.scrollTop = el.scrollHeight;
    heightBefore.current = el.scrollHeight;
  }, [messages, lastChange]);

  // After the scroll above: the searched message to the middle of the list, once per message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list holds more messages
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !focusId || focused.current === focusId) return;
    const target = el.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(focusId)}"]`);
    if (!target) return;
    focused.current = focusId;
    const [box, list] = [target.getBoundingClientRect(), el.getBoundingClientRect()];
    el.scrollTop += box.top - list.top - (el.clientHeight - box.height) / 2;
    heightBefore.current = el.scrollHeight;
  }, [messages, focusId]);

  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    heightBefore.current = el.scrollHeight;
    if (el.scrollTop < LOAD_OLDER_PX) onLoadOlder();
  };

  return (
    <div className="message-list" ref={ref} onScroll={onScroll} data-testid="message-list">
      {loading && (
        <div className="message-list-loading">
          <Spinner size={20} />
        </div>
      )}
      {!loading && messages.length === 0 && <NonIdealState icon="chat" description={t('messages.empty')} />}
      {withDaySeparators(messages).map((row) =>
        row.kind === 'day' ? (
          <div key={row.key} className="message-day">
            <Tag minimal round>
              {formatDate(row.date)}
            </Tag>
          </div>
        ) : row.kind === 'ticket-ended' || row.kind === 'ticket-started' ? (
          <div key={row.key} className="message-day" data-testid={row.kind}>
            <Tag minimal intent={row.kind === 'ticket-ended' ? 'danger' : 'success'}>
              {t(row.kind === 'ticket-ended' ? 'messages.conversationEnded' : 'messages.conversationStarted')}{' '}
              {formatDate(row.date)} {formatSeconds(row.date)}
            </Tag>
          </div>
        ) : (
          <MessageBubble
            key={row.key}
            message={row.message}
            showSender={isGroup}
            found={row.message.id === focusId}
            actions={actions && { ...actions, canDelete: actions.canDelete(row.message) }}
          />
        ),
      )}
    </div>
  );
}
