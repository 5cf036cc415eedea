import '../../../components/ui/admin-page.css';
import './helps.css';
import { Card, Dialog, DialogBody, NonIdealState, Spinner } from '@blueprintjs/core';
import type { HelpView } from '@zelo/contracts/helps/read-models';
import { youtubeEmbedUrl, youtubeThumbnailUrl } from '@zelo/contracts/helps/youtube';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { toastError } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { listHelps } from '../api/helps.ts';

/** Doc 2 §2.19: a grid of video cards; a card opens its video in a modal that Escape closes. */
export function HelpsPage() {
  const t = useT();
  const helps = useRequest(listHelps, []);
  const [playing, setPlaying] = useState<HelpView | null>(null);
  useEffect(() => {
    if (helps.error) toastError(helps.error);
  }, [helps.error]);

  return (
    <div className="admin-page" data-testid="helps-page">
      <div className="admin-page-head">
        <h2>{t('helps.title')}</h2>
      </div>
      {helps.loading && !helps.data ? (
        <Spinner />
      ) : helps.data?.length === 0 ? (
        <NonIdealState icon="video" title={t('helps.empty')} />
      ) : (
        <div className="helps-grid">
          {helps.data?.map((h) => (
            <Card
              key={h.id}
              interactive
              className="help-card"
              onClick={() => setPlaying(h)}
              data-testid="help-card"
              role="button"
              aria-label={t('helps.watch', { title: h.title })}
            >
              <img className="help-card-thumb" src={youtubeThumbnailUrl(h.video)} alt="" loading="lazy" />
              <div className="help-card-body">
                <h4>{h.title}</h4>
                {h.description && <p className="bp6-text-muted">{h.description}</p>}
              </div>
            </Card>
          ))}
        </div>
      )}
      <Dialog
        isOpen={!!playing}
        onClose={() => setPlaying(null)}
        title={playing?.title}
        className="help-video-dialog"
        canEscapeKeyClose
      >
        <DialogBody useOverflowScrollContainer={false}>
          {playing && (
            <iframe
              className="help-video-frame"
              src={youtubeEmbedUrl(playing.video)}
              title={playing.title}
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
              data-testid="help-video"
            />
          )}
        </DialogBody>
      </Dialog>
    </div>
  );
}
