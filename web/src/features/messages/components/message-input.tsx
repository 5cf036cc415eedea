import { Button, Icon, TextArea } from '@blueprintjs/core';
import type { MessageView } from '@zelo/contracts/messaging/read-models';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import type { SendMediaInput } from '../api/send-media.ts';
import type { RecorderState } from '../lib/recorder.ts';
import { signBody, useSignOption } from '../lib/sign.ts';
import { AttachButton, AttachmentTray, useAttachments } from './attachments.tsx';
import { AudioRecorder } from './audio-recorder.tsx';
import { EmojiButton } from './emoji-button.tsx';
import { SignSwitch } from './sign-switch.tsx';

/** A file the company already stored, sent with the text by its URL (a quick answer's attachment). */
export interface StoredAttachment {
  mediaUrl: string;
  mediaName: string;
}

/**
 * A composer add-on (the quick-answer list): a hook given the draft and its setter, returning what to
 * show above the box and a key handler that returns true when it consumed the key. The setter may
 * also put a stored attachment on the draft. The app layer plugs it in, so this feature does not
 * import another one.
 */
export type InputAddonHook = (
  body: string,
  setBody: (body: string, attachment?: StoredAttachment) => void,
) => { menu: ReactNode; onKeyDown: (e: KeyboardEvent<HTMLTextAreaElement>) => boolean };

const noAddon: InputAddonHook = () => ({ menu: null, onKeyDown: () => false });

interface Props {
  disabled: boolean;
  useAddon?: InputAddonHook;
  onSend: (body: string, attachment?: StoredAttachment) => Promise<boolean>;
  /** The message being answered, previewed above the box until sent or cancelled. */
  replyingTo?: MessageView | null;
  onCancelReply?: () => void;
  /** The agent's name, put in bold above each text while the sign switch is on. */
  signName?: string;
  /** Without it there is no microphone button. */
  onSendAudio?: (audio: Blob, fileName: string) => Promise<unknown>;
  /** Without it there is no paperclip; resolves true once the files were sent. */
  onSendMedia?: (input: SendMediaInput) => Promise<boolean>;
}

const MAX_ROWS = 5;

export function MessageInput({
  disabled,
  onSend,
  replyingTo,
  onCancelReply,
  useAddon = noAddon,
  signName,
  onSendAudio,
  onSendMedia,
}: Props) {
  const t = useT();
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  const [stored, setStored] = useState<StoredAttachment | null>(null);
  const quickAnswers = useAddon(body, (text, attachment) => {
    setBody(text);
    setStored(attachment ?? null);
  });
  const [signOn, setSignOn] = useSignOption();
  const [recorder, setRecorder] = useState<RecorderState>('idle');
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const attachments = useAttachments();
  const hasFiles = attachments.files.length > 0;
  // Section 2: no typing while an audio is being recorded or sent.
  const locked = disabled || recorder !== 'idle';
  const rows = Math.min(MAX_ROWS, Math.max(1, body.split('\n').length));

  // Attached files go first, with the caption of the tray, in one multipart request.
  const sendFiles = async () => {
    if (locked || sending || !onSendMedia) return;
    setSending(true);
    const ok = await onSendMedia(attachments.input());
    setSending(false);
    if (ok) attachments.clear();
  };

  const submit = async () => {
    if (hasFiles && !body.trim()) return sendFiles();
    if (locked || sending || (!body.trim() && !stored)) return;
    setSending(true);
    const text = signOn && signName && body.trim() ? signBody(signName, body) : body;
    const ok = await onSend(text, stored ?? undefined);
    setSending(false);
    if (ok) {
      // Only what was sent is cleared: text typed while the send was on its way stays in the box.
      const sent = body;
      setBody((current) => (current === sent ? '' : current));
      setStored(null);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // An open quick-answer list takes the arrows, Enter, Tab and Escape.
    if (quickAnswers.onKeyDown(e)) return;
    // Enter sends, Shift+Enter keeps the newline; IME composition must not send half a word.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <div className="message-input-wrap" onPaste={onSendMedia && !locked ? attachments.onPaste : undefined}>
      {replyingTo && (
        <div className="message-reply-preview" data-testid="reply-preview">
          <div className="message-quote">{replyingTo.body}</div>
          <Button
            variant="minimal"
            icon="cross"
            aria-label={t('messageActions.cancelReply')}
            onClick={onCancelReply}
            data-testid="reply-cancel"
          />
        </div>
      )}
      {stored && (
        <div className="message-reply-preview" data-testid="stored-attachment">
          <div className="message-quote">
            <Icon icon="paperclip" /> {stored.mediaName}
          </div>
          <Button
            variant="minimal"
            icon="cross"
            aria-label={t('quickMessages.removeAttachment')}
            onClick={() => setStored(null)}
            data-testid="stored-attachment-remove"
          />
        </div>
      )}
      {onSendMedia && (
        <AttachmentTray
          attachments={attachments}
          disabled={locked || sending}
          onSubmit={() => void sendFiles()}
        />
      )}
      <div className="message-input">
        {quickAnswers.menu}
        <SignSwitch checked={signOn} disabled={locked} onChange={setSignOn} />
        <EmojiButton disabled={locked} inputRef={boxRef} value={body} onChange={setBody} />
        {onSendMedia && <AttachButton attachments={attachments} disabled={locked} />}
        <TextArea
          fill
          rows={rows}
          value={body}
          disabled={locked}
          inputRef={boxRef}
          placeholder={disabled ? t('messages.placeholderDisabled') : t('messages.placeholder')}
          onChange={(e) => setBody(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          data-testid="message-input"
        />
        <Button
          intent="primary"
          icon="send-message"
          size="large"
          aria-label={t('messages.send')}
          disabled={locked || (!body.trim() && !hasFiles && !stored)}
          loading={sending}
          onClick={() => void (hasFiles ? sendFiles() : submit())}
          data-testid="message-send"
        />
        {onSendAudio && (
          <AudioRecorder disabled={disabled} onSend={onSendAudio} onStateChange={setRecorder} />
        )}
      </div>
    </div>
  );
}
