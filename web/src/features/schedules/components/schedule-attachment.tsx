import { AnchorButton, Button, FormGroup, Icon, Spinner } from '@blueprintjs/core';
import { useRef } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toaster.ts';
import { isScheduleImage, SCHEDULE_IMAGE_ACCEPT, scheduleMediaHref } from '../api/schedule-media.ts';

interface Props {
  /** The stored image, null when there is none. */
  current: { name: string; url: string | null } | null;
  chosen: File | null;
  removed: boolean;
  /** A sent schedule shows its image, nothing more; a saving one cannot change it meanwhile. */
  readOnly: boolean;
  busy: boolean;
  /** The image is on its way to the server. */
  uploading: boolean;
  onChoose: (file: File) => void;
  onRemove: () => void;
}

/** The schedule's one image (doc 2 §2.8: png, jpg, jpeg): choose, replace or remove; sent on save. */
export function ScheduleAttachment({
  current,
  chosen,
  removed,
  readOnly,
  busy,
  uploading,
  onChoose,
  onRemove,
}: Props) {
  const t = useT();
  const picker = useRef<HTMLInputElement>(null);
  const stored = removed ? null : current;
  const name = chosen?.name ?? stored?.name ?? null;
  return (
    <FormGroup label={t('schedules.attachment')}>
      <div className="schedule-attachment">
        <input
          ref={picker}
          type="file"
          accept={SCHEDULE_IMAGE_ACCEPT}
          hidden
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (!file) return;
            if (!isScheduleImage(file)) showToast(t('schedules.onlyImages', { name: file.name }), 'danger');
            else onChoose(file);
          }}
          data-testid="schedule-file"
        />
        <span className="schedule-attachment-name" data-testid="schedule-attachment-name">
          {uploading ? (
            <>
              <Spinner size={16} /> {t('schedules.uploading')}
            </>
          ) : name ? (
            <>
              <Icon icon="media" /> {name}
            </>
          ) : (
            t('schedules.noAttachment')
          )}
        </span>
        {!chosen && stored?.url && (
          <AnchorButton
            icon="eye-open"
            variant="minimal"
            href={scheduleMediaHref(stored.url)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={stored.name}
            title={stored.name}
            data-testid="schedule-attachment-open"
          />
        )}
        {!readOnly && (
          <Button
            icon="paperclip"
            text={t(name ? 'schedules.replaceAttachment' : 'schedules.attach')}
            disabled={busy}
            onClick={() => picker.current?.click()}
            data-testid="schedule-attach"
          />
        )}
        {!readOnly && name && (
          <Button
            icon="cross"
            intent="danger"
            variant="minimal"
            disabled={busy}
            aria-label={t('schedules.removeAttachment')}
            title={t('schedules.removeAttachment')}
            onClick={onRemove}
            data-testid="schedule-remove-attachment"
          />
        )}
      </div>
    </FormGroup>
  );
}
