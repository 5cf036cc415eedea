import { Button, FormGroup, Icon, Spinner } from '@blueprintjs/core';
import { useRef } from 'react';
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
  const picker = useRef<HTMLInputElement>(null);
  const name = chosen?.name ?? (removed ? null : current);
  return (
    <FormGroup label={t('campaigns.attachment')}>
      <div className="campaign-attachment">
        <input
          ref={picker}
          type="file"
          hidden
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) onChoose(file);
            e.currentTarget.value = '';
          }}
          data-testid="campaign-file"
        />
        <span data-testid="campaign-attachment-name">
          {name ? (
            <>
              <Icon icon="paperclip" /> {name}
            </>
          ) : (
            t('campaigns.noAttachment')
          )}
        </span>
        {busy && (
          <span className="campaign-attachment-busy" data-testid="campaign-attachment-busy">
            <Spinner size={14} /> {t('campaigns.uploading')}
          </span>
        )}
        <Button
          icon="paperclip"
          text={t(name ? 'campaigns.replace' : 'campaigns.attach')}
          disabled={disabled || busy}
          onClick={() => picker.current?.click()}
          data-testid="campaign-attach"
        />
        {name && (
          <Button
            icon="cross"
            intent="danger"
            variant="minimal"
            disabled={disabled || busy}
            aria-label={t('campaigns.removeAttachment')}
            title={t('campaigns.removeAttachment')}
            onClick={onRemove}
            data-testid="campaign-remove-attachment"
          />
        )}
      </div>
    </FormGroup>
  );
}
