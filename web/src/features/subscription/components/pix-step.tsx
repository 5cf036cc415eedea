import { Button, Callout, InputGroup } from '@blueprintjs/core';
import type { PixChargeView } from '@zelo/contracts/billing/read-models';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { formatBRL, formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { useInvoicePaid } from '../api/payment-frames.ts';
import { markInvoicePaid } from '../api/subscription.ts';

/** Doc 2 constants: the copy confirmation lasts 1 s; home 4 s after the payment. */
const COPIED_MS = 1000;
const HOME_AFTER_MS = 4000;

interface Props {
  charge: PixChargeView;
  onDone: () => void;
}

/** The Pix payment (doc 2 §2.20): QR of the BR Code at 256 px, the copy-and-paste code, the amount. */
export function PixStep({ charge, onDone }: Props) {
  const t = useT();
  const [, navigate] = useLocation();
  const isSuper = !!useAtomValue(sessionAtom)?.user.super;
  const [copied, setCopied] = useState(false);
  const [paidUntil, setPaidUntil] = useState<string | null>(null);
  const [marking, setMarking] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  useInvoicePaid(charge.invoiceId, (frame) => {
    if (paidUntil) return;
    setPaidUntil(frame.company.dueDate);
    toastSuccess(t('subscription.renewed'));
    timers.current.push(
      setTimeout(() => {
        onDone();
        navigate('/');
      }, HOME_AFTER_MS),
    );
  });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(charge.qrcode.qrcode);
    } catch {
      // Without clipboard permission the code stays selectable in the field beside the button.
    }
    setCopied(true);
    timers.current.push(setTimeout(() => setCopied(false), COPIED_MS));
  };

  const markPaid = async () => {
    setMarking(true);
    try {
      await markInvoicePaid(charge.invoiceId);
    } catch (err) {
      toastError(err);
    } finally {
      setMarking(false);
    }
  };

  if (paidUntil)
    return (
      <Callout intent="success" icon="tick-circle" data-testid="checkout-paid">
        <h4>{t('subscription.renewed')}</h4>
        <p>{t('subscription.paidUntil', { date: formatDate(paidUntil) })}</p>
      </Callout>
    );

  return (
    <div className="pix-step" data-testid="checkout-pix">
      <p>{t('subscription.pixInstructions')}</p>
      <div className="pix-qr" data-testid="checkout-pix-qr">
        <QRCodeSVG value={charge.qrcode.qrcode} size={256} marginSize={2} />
      </div>
      <div className="pix-amount" data-testid="checkout-pix-value">
        {t('subscription.amount')}: <strong>{formatBRL(charge.valor.original)}</strong>
      </div>
      <InputGroup
        readOnly
        value={charge.qrcode.qrcode}
        onFocus={(e) => e.currentTarget.select()}
        aria-label={t('subscription.copyPaste')}
        data-testid="checkout-pix-code"
        rightElement={
          <Button
            variant="minimal"
            icon={copied ? 'tick' : 'duplicate'}
            intent={copied ? 'success' : 'none'}
            text={copied ? t('subscription.copied') : t('subscription.copy')}
            onClick={() => void copy()}
            data-testid="checkout-pix-copy"
          />
        }
      />
      <p className="pix-waiting">{t('subscription.waitingPayment')}</p>
      {isSuper && charge.sandbox && (
        <Callout intent="warning" icon="lab-test" data-testid="checkout-sandbox">
          <p>{t('subscription.sandboxHint')}</p>
          <Button
            intent="warning"
            icon="endorsed"
            text={t('subscription.markPaid')}
            loading={marking}
            onClick={() => void markPaid()}
            data-testid="checkout-mark-paid"
          />
        </Callout>
      )}
    </div>
  );
}
