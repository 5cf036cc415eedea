import { Button, FormGroup, Icon } from '@blueprintjs/core';
import { attachmentName } from '@zelo/contracts/quick-messages/api';
import { useRef } from 'react';
import { useT } from '../../../lib/i18n.ts';

interface Props {
  /** The stored attachment's name, null when there is none. */
  current: string | null;
  chosen: File | null;
  removed: boolean;
  onChoose: (file: File) => void;
  onRemove: () => void;
}

/** The quick message's one attachment: choose, replace or remove; sent when the dialog is saved. */
export function AttachmentField({ current, chosen, removed, onChoose, onRemove }: Props) {
  const t = useT();
  const picker = useRef<HTMLInputElement>(null);
  // A picked file shows the name it will be stored under (doc 2 §2.7: no spaces).
  const name = chosen ? attachmentName(chosen.name) : removed ? null : current;
  return (
    <FormGroup label={t('quickMessages.attachment')}>
      <div className="qm-attachment-field">
        <input
          ref={picker}
          type="file"
          hidden
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) onChoose(file);
            e.currentTarget.value = '';
          }}
          data-testid="qm-file"
        />
        <span className="qm-attachment-name" data-testid="qm-attachment-name">
          {name ? (
            <>
              <Icon icon="paperclip" /> {name}
            </>
          ) : (
            t('quickMessages.noAttachment')
          )}
        </span>
        <Button
          icon="paperclip"
          text={t(name ? 'quickMessages.replace' : 'quickMessages.attach')}
          onClick={() => picker.current?.click()}
          data-testid="qm-attach"
        />
        {name && (
          <Button
            icon="cross"
            intent="danger"
            variant="minimal"
            aria-label={t('quickMessages.removeAttachment')}
            title={t('quickMessages.removeAttachment')}
            onClick={onRemove}
            data-testid="qm-remove-attachment"
          />
        )}
      </div>
    </FormGroup>
  );
}
