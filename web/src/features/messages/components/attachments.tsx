import { Button, InputGroup, Tag } from '@blueprintjs/core';
import { type ClipboardEvent, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { toastWarning } from '../../../lib/toaster.ts';
import { MEDIA_LIMITS, type SendMediaInput } from '../api/send-media.ts';

/** The chosen files of the composer: added by the paperclip or by pasting, removable one by one. */
export function useAttachments() {
  const t = useT();
  const [files, setFiles] = useState<File[]>([]);
  const [caption, setCaption] = useState('');
  const add = (incoming: File[]) => {
    const tooLarge = incoming.filter((f) => f.size > MEDIA_LIMITS.fileSize);
    const empty = incoming.filter((f) => f.size === 0);
    if (tooLarge.length) toastWarning(t('media.tooLarge', { name: tooLarge[0].name }));
    if (empty.length) toastWarning(t('media.empty', { name: empty[0].name }));
    const ok = incoming.filter((f) => f.size > 0 && f.size <= MEDIA_LIMITS.fileSize);
    setFiles((prev) => {
      const next = [...prev, ...ok];
      if (next.length > MEDIA_LIMITS.files) toastWarning(t('media.tooMany', { count: MEDIA_LIMITS.files }));
      return next.slice(0, MEDIA_LIMITS.files);
    });
  };
  return {
    files,
    caption,
    setCaption,
    add,
    remove: (i: number) => setFiles((prev) => prev.filter((_, j) => j !== i)),
    clear: () => {
      setFiles([]);
      setCaption('');
    },
    /** Pasting a file (a screenshot, a copied document) attaches it instead of inserting text. */
    onPaste: (e: ClipboardEvent) => {
      const pasted = Array.from(e.clipboardData?.files ?? []);
      if (pasted.length === 0) return;
      e.preventDefault();
      add(pasted);
    },
    input: (): SendMediaInput => ({ files, caption }),
  };
}

export type Attachments = ReturnType<typeof useAttachments>;

/** The paperclip: a hidden multiple file input behind a button. */
export function AttachButton({ attachments, disabled }: { attachments: Attachments; disabled: boolean }) {
  const t = useT();
  const ref = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant="minimal"
        icon="paperclip"
        aria-label={t('media.attach')}
        title={t('media.attach')}
        disabled={disabled}
        onClick={() => ref.current?.click()}
        data-testid="attach-button"
      />
      <input
        ref={ref}
        type="file"
        multiple
        hidden
        data-testid="attach-input"
        onChange={(e) => {
          attachments.add(Array.from(e.currentTarget.files ?? []));
          e.currentTarget.value = '';
        }}
      />
    </>
  );
}

/** The chosen files as removable chips, with the caption that goes under the first one. */
export function AttachmentTray({
  attachments,
  disabled,
  onSubmit,
}: {
  attachments: Attachments;
  disabled: boolean;
  onSubmit: () => void;
}) {
  const t = useT();
  if (attachments.files.length === 0) return null;
  return (
    <div className="message-attachments" data-testid="attachments">
      <div className="message-attachment-chips">
        {attachments.files.map((f, i) => (
          <Tag
            key={`${f.name}-${f.size}-${f.lastModified}`}
            icon={f.type.startsWith('image/') ? 'media' : 'document'}
            onRemove={disabled ? undefined : () => attachments.remove(i)}
            data-testid="attachment-chip"
          >
            {f.name}
          </Tag>
        ))}
      </div>
      <InputGroup
        value={attachments.caption}
        placeholder={t('media.caption')}
        disabled={disabled}
        onChange={(e) => attachments.setCaption(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
            e.preventDefault();
            onSubmit();
          }
        }}
        data-testid="attachment-caption"
      />
    </div>
  );
}
