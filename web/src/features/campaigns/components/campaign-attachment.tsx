import { FormGroup, Spinner } from '@blueprintjs/core';
import { FilePicker } from '../../../components/file-picker.tsx';
import { useT } from '../../../lib/i18n.ts';

interface Props {
  /** The stored attachment's name, null when there is none. */
  current: string | null;
  chosen: File | null;
  removed: boolean;
  /** The file is being sent or removed (after the campaign was saved). */
  busy: boolean;
  disabled: boolean;
  onChoose: (file: File) => void;
  onRemove: () => void;
}

/** The campaign's optional attachment, sent with every message: chosen here, uploaded on save. */
export function CampaignAttachment({ current, chosen, removed, busy, disabled, onChoose, onRemove }: Props) {
  const t = useT();
  const name = chosen?.name ?? (removed ? null : current);
  return (
    <FormGroup label={t('campaigns.attachment')}>
      <div className="campaign-attachment">
        <FilePicker
          fileName={name}
          empty={t('campaigns.noAttachment')}
          chooseText={t('campaigns.attach')}
          replaceText={t('campaigns.replace')}
          disabled={disabled || busy}
          onChoose={onChoose}
          remove={{ text: t('campaigns.removeAttachment'), onRemove, testId: 'campaign-remove-attachment' }}
          status={
            busy && (
              <span className="campaign-attachment-busy" data-testid="campaign-attachment-busy">
                <Spinner size={14} /> {t('campaigns.uploading')}
              </span>
            )
          }
          testIds={{ input: 'campaign-file', name: 'campaign-attachment-name', choose: 'campaign-attach' }}
        />
      </div>
    </FormGroup>
  );
}
