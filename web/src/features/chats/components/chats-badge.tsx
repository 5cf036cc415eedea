import { useT } from '../../../lib/i18n.ts';
import { useChatInbox } from '../lib/use-chat-inbox.ts';
import './chats.css';

/** Doc 1 §2 side menu: a dot beside /chats while the viewer has unread internal chat messages. */
export function ChatsBadge() {
  const t = useT();
  const { unreadChats } = useChatInbox();
  if (unreadChats === 0) return null;
  return (
    <span className="chats-dot" role="status" aria-label={t('chats.unread')} data-testid="chats-badge" />
  );
}
