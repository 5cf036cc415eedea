import './announcements.css';
import { Button, PopoverNext, Tooltip } from '@blueprintjs/core';
import type { AnnouncementView } from '@zelo/contracts/announcements/read-models';
import { useEffect, useMemo, useState } from 'react';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useResync, useSocketEvent } from '../../../lib/socket.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { announcementImageUrl, searchAnnouncements } from '../api/announcements.ts';
import {
  applyAnnouncementFrame,
  PRIORITY_COLOURS,
  readSeen,
  unseenCount,
  writeSeen,
} from '../lib/announcement-list.ts';
import { AnnouncementViewDialog } from './announcement-view-dialog.tsx';

/**
 * Doc 1 §2 announcements popover, for every user: the active announcements newest first, with their
 * priority stripe, title, date, text and image; live; a badge counts those this browser has not shown.
 */
export function AnnouncementsBell({ userId }: { userId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<AnnouncementView | null>(null);
  const [seen, setSeen] = useState(() => readSeen(userId));
  const page = useRequest((signal) => searchAnnouncements('', 1, signal), []);
  // A super user's page holds the inactive ones too: the bell shows what every user sees.
  const list = useMemo(() => (page.data?.records ?? []).filter((a) => a.status), [page.data]);
  useSocketEvent('company-announcement', (frame) =>
    page.setData((prev) => prev && { ...prev, records: applyAnnouncementFrame(prev.records, frame) }),
  );
  useResync(page.reload);
  useEffect(() => setSeen(readSeen(userId)), [userId]);
  // While the popover is open, what it shows counts as seen (a new one arriving then too).
  useEffect(() => {
    if (open) setSeen(writeSeen(userId, list));
  }, [open, list, userId]);
  const unseen = unseenCount(list, seen);

  const content = (
    <div className="announcements-bell-list" data-testid="announcements-bell-list">
      {list.length === 0 ? (
        <div className="announcements-bell-empty bp6-text-muted">{t('announcements.empty')}</div>
      ) : (
        list.map((a) => (
          <button
            type="button"
            key={a.id}
            className="announcement-item"
            data-testid="announcement-item"
            onClick={() => {
              setOpen(false);
              setViewing(a);
            }}
          >
            <span
              className="announcement-stripe"
              style={{ background: PRIORITY_COLOURS[a.priority] }}
              data-testid={`announcement-priority-${a.priority}`}
            />
            <span className="announcement-item-body">
              <span className="announcement-item-head">
                <strong>{a.title}</strong>
                <small className="bp6-text-muted">{formatDate(a.createdAt)}</small>
              </span>
              <span className="announcement-item-text bp6-text-muted">{a.text}</span>
              {a.mediaPath && (
                <img className="announcement-item-image" src={announcementImageUrl(a.mediaPath)} alt="" />
              )}
            </span>
          </button>
        ))
      )}
    </div>
  );

  return (
    <>
      <PopoverNext placement="bottom-end" isOpen={open} onInteraction={setOpen} content={content}>
        <Tooltip content={t('announcements.bell')} disabled={open}>
          <span className="top-bar-bell">
            <Button
              variant="minimal"
              icon="info-sign"
              aria-label={t('announcements.bell')}
              data-testid="announcements-bell"
            />
            {unseen > 0 && (
              <span className="top-bar-bell-count" data-testid="announcements-bell-count">
                {unseen > 99 ? '99+' : unseen}
              </span>
            )}
          </span>
        </Tooltip>
      </PopoverNext>
      <AnnouncementViewDialog announcement={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
