import type { SlaFrame } from '@zelo/contracts/sla/read-models';
import { useRef } from 'react';
import { t } from '../../../lib/i18n.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { showActionToast } from '../../../lib/toaster.ts';
import { TARGET_LABEL } from './policy-form.ts';

/** "SLA violado — Primeira resposta: Maria (Atendimento)", in the language shown now. */
export function slaAlertText(frame: SlaFrame): string {
  return t(frame.action === 'breached' ? 'sla.alertBreached' : 'sla.alertWarned', {
    target: t(TARGET_LABEL[frame.target]),
    contact: frame.contactName || '—',
    queue: frame.queueName ?? t('tickets.noQueue'),
  });
}

const canNotify = () =>
  typeof window !== 'undefined' && 'Notification' in window && Notification.permission === 'granted';

/**
 * Issue 24: the company's admins hear at once when a ticket's SLA clock passes 80 % (`warned`) or its
 * target (`breached`): a toast naming the target, the contact and the queue, with a button that opens
 * the ticket, and a desktop notification while the tab is out of sight (the permission is the one the
 * message notifications ask for).
 */
export function useSlaAlerts(onOpen: (ticketId: string) => void) {
  const user = useAtomValue(sessionAtom)?.user;
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;

  useSocketEvent(user?.profile === 'admin' ? `company-${user.companyId}-sla` : null, (frame) => {
    const open = () => onOpenRef.current(frame.ticketId);
    const text = slaAlertText(frame);
    showActionToast(text, frame.action === 'breached' ? 'danger' : 'warning', {
      text: t('sla.openTicket'),
      onClick: open,
    });
    if (document.visibilityState === 'visible' || !canNotify()) return;
    // One notification per ticket: its breach replaces its warning.
    const n = new Notification(text, { tag: `sla-${frame.ticketId}` });
    n.onclick = () => {
      window.focus();
      open();
      n.close();
    };
  });
}
