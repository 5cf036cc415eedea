import { Button, Icon, InputGroup } from '@blueprintjs/core';
import type { SimPhoneMessage } from '@zelo/contracts/simulator/read-models';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { API_URL } from '../../../lib/api.ts';
import { formatTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { renderMarkup } from '../../../lib/markup.tsx';

interface Props {
  title: string;
  subtitle: string;
  messages: SimPhoneMessage[];
  disabled: boolean;
  onSend: (body: string) => Promise<boolean>;
}

/** The customer's phone: their messages (inbound to the company) on the right, replies on the left. */
export function SimPhone({ title, subtitle, messages, disabled, onSend }: Props) {
  const t = useT();
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each list change to fix the scroll
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim() || sending) return;
    setSending(true);
    if (await onSend(body)) setBody('');
    setSending(false);
  };

  return (
    <div className="sim-phone">
      <div className="sim-phone-header">
        <Icon icon="office" />
        <div>
          <strong>{title}</strong>
          <div className="sim-phone-sub">{subtitle}</div>
        </div>
      </div>
      <div className="sim-phone-messages" ref={listRef}>
        {messages.length === 0 && <div className="sim-empty">{t('simulator.empty')}</div>}
        {messages.map((m) => (
          <div
            key={m.id}
            className={`sim-message sim-${m.direction}`}
            data-testid="sim-message"
            data-direction={m.direction}
          >
            <SimMedia message={m} />
            {/* As a phone shows it: *bold*, _italic_, ~strike~ rendered, not their marks. */}
            {showsCaption(m) && <span className="sim-message-body">{renderMarkup(m.body)}</span>}
            <span className="sim-message-time">{formatTime(m.createdAt)}</span>
          </div>
        ))}
      </div>
      <form className="sim-phone-input" onSubmit={submit}>
        <InputGroup
          fill
          round
          placeholder={t('simulator.body')}
          value={body}
          disabled={disabled}
          onChange={(e) => setBody(e.currentTarget.value)}
          data-testid="sim-body"
        />
        <Button
          type="submit"
          intent="success"
          icon="send-message"
          aria-label={t('simulator.send')}
          loading={sending}
          disabled={disabled}
          data-testid="sim-send"
        />
      </form>
    </div>
  );
}

const fileName = (url: string) => decodeURIComponent(url.split('/').pop() ?? url);

/** A media message's file name stands in for a missing caption: the phone does not repeat it. */
const showsCaption = (m: SimPhoneMessage) => !m.mediaUrl || m.body !== fileName(m.mediaUrl);

/** The picture, player or file a media message carries, as the customer's phone shows it. */
function SimMedia({ message: m }: { message: SimPhoneMessage }) {
  if (!m.mediaUrl) return null;
  const url = new URL(m.mediaUrl, API_URL).toString();
  switch (m.mediaType) {
    case 'image':
      return <img className="sim-media" src={url} alt={m.body} data-testid="sim-image" />;
    case 'audio':
      return (
        <audio className="sim-media" src={url} controls data-testid="sim-audio">
          <track kind="captions" />
        </audio>
      );
    case 'video':
      return (
        <video className="sim-media" src={url} controls data-testid="sim-video">
          <track kind="captions" />
        </video>
      );
    default:
      return (
        <a
          className="sim-media-file"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="sim-file"
        >
          <Icon icon="document" /> {fileName(m.mediaUrl)}
        </a>
      );
  }
}
