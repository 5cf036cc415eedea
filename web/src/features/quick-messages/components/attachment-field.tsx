import { FormGroup } from '@blueprintjs/core';
import { attachmentName } from '@zelo/contracts/quick-messages/api';
import { FilePicker } from '../../../components/file-picker.tsx';
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
  // A picked file shows the name it will be stored under (doc 2 §2.7: no spaces).
  const name = chosen ? attachmentName(chosen.name) : removed ? null : current;
  return (
    <FormGroup label={t('quickMessages.attachment')}>
      <div className="qm-attachment-field">
        <FilePicker
          fileName={name}
          empty={t('quickMessages.noAttachment')}
          chooseText={t('quickMessages.attach')}
          replaceText={t('quickMessages.replace')}
          onChoose={onChoose}
          remove={{ text: t('quickMessages.removeAttachment'), onRemove, testId: 'qm-remove-attachment' }}
          nameClassName="qm-attachment-name"
          testIds={{ input: 'qm-file', name: 'qm-attachment-name', choose: 'qm-attach' }}
        />
      </div>
    </FormGroup>
  );
}
