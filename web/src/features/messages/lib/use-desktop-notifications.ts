import { useEffect, useRef } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { useSocketEvent, useSocketRoom } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue, volumeAtom } from '../../../lib/store.ts';
import { shouldNotify } from './desktop-notification.ts';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/** A short two-tone chime at the top bar's volume (section 2: volume 0 to 1); no audio file needed. */
function chime(volume: number) {
  if (volume <= 0 || typeof AudioContext === 'undefined') return;
  const ctx = new AudioContext();
  const gain = ctx.createGain();
  gain.gain.value = 0.2 * volume;
  gain.connect(ctx.destination);
  [880, 1320].forEach((freq, i) => {
    const osc = ctx.createOscillator();
    osc.frequency.value = freq;
    osc.connect(gain);
    osc.start(ctx.currentTime + i * 0.12);
    osc.stop(ctx.currentTime + i * 0.12 + 0.1);
  });
  setTimeout(() => void ctx.close(), 500);
}

/**
 * Section 4 Desktop notification for new customer messages; clicking one opens the ticket.
 * Permission is asked once: the browser remembers a grant or a refusal.
 */
export function useDesktopNotifications(visibleTicketId: string | null, onOpen: (ticketId: string) => void) {
  const t = useT();
  const user = useAtomValue(sessionAtom)?.user;
  const volume = useAtomValue(volumeAtom);
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;

  useEffect(() => {
    if (supported() && Notification.permission === 'default') void Notification.requestPermission();
  }, []);

  // The server sends appMessage outside an open conversation only to this room; the ticket list joins
  // it too, the socket counts both.
  useSocketRoom(user ? 'notification' : null);
  useSocketEvent(user ? `company-${user.companyId}-appMessage` : null, (e) => {
    if (e.action !== 'create' || !e.ticket || !user) return;
    const viewer = {
      userId: user.id,
      queueIds: user.queues.map((q) => q.id),
      visibleTicketId: document.visibilityState === 'visible' ? visibleTicketId : null,
    };
    if (!shouldNotify(e.message, e.ticket, viewer)) return;
    chime(volume);
    if (!supported() || Notification.permission !== 'granted') return;
    const ticketId = e.ticket.id;
    const n = new Notification(t('messageActions.notificationTitle', { name: e.contact?.name ?? '' }), {
      body: e.message.body,
      tag: ticketId, // one notification per ticket, replaced by the next message
    });
    n.onclick = () => {
      window.focus();
      onOpenRef.current(ticketId);
      n.close();
    };
  });
}
