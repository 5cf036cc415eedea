import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { AnnouncementView } from '@zelo/contracts/announcements/read-models';
import { useT } from '../../../lib/i18n.ts';
import { announcementImageUrl } from '../api/announcements.ts';

/** Doc 1 §2: an announcement opened from the bell shows its title, image and text. */
export function AnnouncementViewDialog({
  announcement,
  onClose,
}: {
  announcement: AnnouncementView | null;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog isOpen={!!announcement} onClose={onClose} title={announcement?.title}>
      <DialogBody>
        <div data-testid="announcement-view">
          {announcement?.mediaPath && (
            <img
              className="announcement-view-image"
              src={announcementImageUrl(announcement.mediaPath)}
              alt={announcement.mediaName ?? ''}
            />
          )}
          <p className="announcement-view-text">{announcement?.text}</p>
        </div>
      </DialogBody>
      <DialogFooter actions={<Button text={t('announcements.close')} onClick={onClose} />} />
    </Dialog>
  );
}
