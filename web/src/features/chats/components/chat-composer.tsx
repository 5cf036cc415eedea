import { Button, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useT } from '../../../lib/i18n.ts';

interface Props {
  /** Resolves true once sent; the text stays when it could not be sent. */
  onSend: (text: string) => Promise<boolean>;
}

/** The chat's input: Enter sends, Shift+Enter starts a new line. */
export function ChatComposer({ onSend }: Props) {
  const t = useT();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);

  const send = async () => {
    const body = text.trim();
    if (!body || sending) return;
    setSending(true);
    const sent = await onSend(body);
    setSending(false);
    if (sent) setText('');
  };

  return (
    <div className="message-input chat-composer">
      <TextArea
        fill
        autoResize
        rows={1}
        value={text}
        placeholder={t('chats.typeMessage')}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void send();
          }
        }}
        data-testid="chat-input"
      />
      <Button
        intent="primary"
        icon="send-message"
        aria-label={t('chats.send')}
        loading={sending}
        disabled={!text.trim()}
        onClick={() => void send()}
        data-testid="chat-send"
      />
    </div>
  );
}
