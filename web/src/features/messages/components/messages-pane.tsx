import { Alert } from '@blueprintjs/core';
import type { MessageView } from '@zelo/contracts/messaging/read-models';
import { useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError } from '../../../lib/toaster.ts';
import { deleteMessage } from '../api/delete-message.ts';
import { useMessages } from '../api/list-messages.ts';
import { sendAudio } from '../api/send-audio.ts';
import { type SendMediaInput, useSendMedia } from '../api/send-media.ts';
import { useSendMessage } from '../api/send-message.ts';
import './messages-pane.css';
import { type InputAddonHook, MessageInput, type StoredAttachment } from './message-input.tsx';
import { MessageList } from './message-list.tsx';

interface Props {
  ticketId: string;
  /** Only an open ticket takes new messages (section 2, Message input). */
  canSend: boolean;
  isGroup: boolean;
  refreshKey?: number;
  /** The admin's peek: the conversation without options or input. */
  readOnly?: boolean;
  inputAddon?: InputAddonHook;
  /** A message to open the conversation at, highlighted (a search hit, issue 24). */
  focusMessageId?: string;
}

export function MessagesPane({
  ticketId,
  canSend,
  isGroup,
  refreshKey = 0,
  readOnly = false,
  inputAddon,
  focusMessageId,
}: Props) {
  const t = useT();
  const user = useAtomValue(sessionAtom)?.user;
  const me = user?.id;
  const { messages, loading, loadOlder, appendOwn, replaceOwn, lastChange } = useMessages(
    ticketId,
    refreshKey,
    focusMessageId,
  );
  const send = useSendMessage(ticketId);
  const sendMedia = useSendMedia(ticketId);
  const [replyingTo, setReplyingTo] = useState<MessageView | null>(null);
  const [deleting, setDeleting] = useState<MessageView | null>(null);

  const onSend = async (body: string, attachment?: StoredAttachment) => {
    const message = await send(body, replyingTo, attachment?.mediaUrl);
    if (message) {
      appendOwn(message);
      setReplyingTo(null);
    }
    return message !== null;
  };

  const onSendAudio = async (audio: Blob, fileName: string) => {
    try {
      const message = await sendAudio(ticketId, audio, fileName);
      if (message) appendOwn(message);
    } catch (err) {
      toastError(err);
    }
  };

  const onSendMedia = async (input: SendMediaInput) => {
    const created = await sendMedia(input);
    for (const m of created ?? []) appendOwn(m);
    return created !== null;
  };

  const confirmDelete = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    try {
      replaceOwn(await deleteMessage(target.id));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="messages-pane">
      <MessageList
        messages={messages}
        loading={loading}
        isGroup={isGroup}
        lastChange={lastChange}
        onLoadOlder={loadOlder}
        focusId={focusMessageId}
        actions={
          readOnly
            ? undefined
            : {
                // Section 6: only a message's own sender can delete it.
                canDelete: (m) => m.fromMe && !!me && m.userId === me,
                onReply: setReplyingTo,
                onDelete: setDeleting,
              }
        }
      />
      {!readOnly && (
        <MessageInput
          disabled={!canSend}
          useAddon={inputAddon}
          onSend={onSend}
          signName={user?.name}
          onSendAudio={onSendAudio}
          onSendMedia={onSendMedia}
          replyingTo={replyingTo}
          onCancelReply={() => setReplyingTo(null)}
        />
      )}
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon="trash"
        confirmButtonText={t('messageActions.delete')}
        cancelButtonText={t('messageActions.cancel')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {t('messageActions.deleteConfirm')}
      </Alert>
    </div>
  );
}
