import { AnchorButton, Button, Classes, Icon, Overlay2, Spinner } from '@blueprintjs/core';
import type { MessageView } from '@zelo/contracts/messaging/read-models';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { mediaFileName, parseLocation, parseVcard, resolveMediaUrl } from '../lib/media.ts';
import './message-media.css';

/** What a message shows besides its text, by mediaType (doc 1 §2 Message list, Media). */
export function MessageMedia({ message }: { message: MessageView }) {
  const t = useT();
  const url = message.mediaUrl ? resolveMediaUrl(message.mediaUrl) : null;
  switch (message.mediaType) {
    case 'image':
      return url ? <BlobImage url={url} alt={message.body} /> : null;
    case 'audio':
      return url ? <AudioPlayer url={url} /> : null;
    case 'video':
      return url ? <VideoPlayer url={url} /> : null;
    case 'application':
      return url ? (
        <AnchorButton
          className="message-download"
          icon="download"
          href={url}
          download={mediaFileName(url)}
          target="_blank"
          rel="noopener noreferrer"
          text={mediaFileName(url)}
          title={t('media.download')}
          data-testid="message-download"
        />
      ) : null;
    case 'locationMessage':
      return <LocationCardView body={message.body} />;
    case 'vcard':
    case 'contactMessage': {
      const card = parseVcard(message.body);
      return (
        <div className="message-vcard" data-testid="message-vcard">
          <Icon icon="person" /> “{card.name}”{card.number && <span> {card.number}</span>}
        </div>
      );
    }
    case 'call_log':
      return (
        <div className="message-call-log" data-testid="message-call-log">
          <Icon icon="phone" intent="danger" /> {t('media.lostCall')}
        </div>
      );
    default:
      return null;
  }
}

/** Whether the bubble still shows the text under the media (a file's own name is not repeated). */
export function showsBody(message: MessageView): boolean {
  if (['locationMessage', 'vcard', 'contactMessage', 'call_log'].includes(message.mediaType ?? ''))
    return false;
  if (message.mediaUrl && message.body === mediaFileName(message.mediaUrl)) return false;
  return true;
}

/** Fetched as a blob (doc 1 §2), shown small, opened full size in a lightbox on click. */
function BlobImage({ url, alt }: { url: string; alt: string }) {
  const t = useT();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    setSrc(null);
    setFailed(false);
    fetch(url)
      .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(String(r.status)))))
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (failed) return <span className="message-media-failed">{t('media.loadFailed')}</span>;
  if (!src) return <Spinner size={24} />;
  return (
    <>
      <button
        type="button"
        className="message-image-button"
        onClick={() => setOpen(true)}
        aria-label={t('media.open')}
      >
        <img className="message-image" src={src} alt={alt} data-testid="message-image" />
      </button>
      <Overlay2
        isOpen={open}
        onClose={() => setOpen(false)}
        className={Classes.OVERLAY_SCROLL_CONTAINER}
        hasBackdrop
      >
        <div className="message-lightbox" data-testid="message-lightbox">
          <img src={src} alt={alt} />
          <Button
            icon="cross"
            variant="minimal"
            aria-label={t('media.close')}
            onClick={() => setOpen(false)}
          />
        </div>
      </Overlay2>
    </>
  );
}

function LocationCardView({ body }: { body: string }) {
  const t = useT();
  const card = parseLocation(body);
  if (!card) return <span>{t('media.location')}</span>;
  return (
    <div className="message-location" data-testid="message-location">
      {card.image && <img src={card.image} alt={t('media.location')} />}
      {card.description && <div className="message-location-description">{card.description}</div>}
      {card.link && (
        <AnchorButton
          icon="map-marker"
          href={card.link}
          target="_blank"
          rel="noopener noreferrer"
          text={t('media.openMap')}
        />
      )}
    </div>
  );
}

// WhatsApp voice notes and videos come without captions: the empty track says so.
function AudioPlayer({ url }: { url: string }) {
  return (
    <audio className="message-audio" controls preload="metadata" src={url} data-testid="message-audio">
      <track kind="captions" />
    </audio>
  );
}

function VideoPlayer({ url }: { url: string }) {
  return (
    <video className="message-video" controls preload="metadata" src={url} data-testid="message-video">
      <track kind="captions" />
    </video>
  );
}
