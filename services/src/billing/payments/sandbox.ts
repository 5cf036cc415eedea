import { DomainError } from '@zelo/contracts/errors';
import { createStaticPix, hasError } from 'pix-utils';
import QRCode from 'qrcode';
import type { PaymentsConfig } from '../../platform/config.ts';
import type { PaymentsPort } from './port.ts';

/** The sandbox's settings as configured: the Pix key and the merchant named in the BR Code. */
export type SandboxOptions = Omit<Extract<PaymentsConfig, { provider: 'sandbox' }>, 'provider'>;

/** A BR Code's static txid holds 25 characters at most: the first 25 of the invoice's hex digits. */
const sandboxTxid = (invoiceId: string) => invoiceId.replace(/-/g, '').slice(0, 25);

/**
 * Real BR Codes (EMV payload with its CRC16) for the configured key: a banking app reads them, but no
 * provider tells us of a payment, so the operator marks invoices paid (POST /invoices/{id}/pay, the CLI).
 */
export function sandboxPayments(options: SandboxOptions): PaymentsPort {
  return {
    provider: 'sandbox',
    async createCharge({ invoiceId, value, detail }) {
      const pix = createStaticPix({
        // The EMV fields' limits: name 25, city 15 characters.
        merchantName: options.merchantName.slice(0, 25),
        merchantCity: options.merchantCity.slice(0, 15),
        pixKey: options.pixKey,
        infoAdicional: detail.slice(0, 50),
        txid: sandboxTxid(invoiceId),
        transactionAmount: Math.round(value * 100) / 100,
      });
      if (hasError(pix))
        throw new DomainError('ERR_PAYMENT_PROVIDER_UNAVAILABLE', 'cannot build the BR Code');
      const copyPaste = pix.toBRCode();
      return { txid: sandboxTxid(invoiceId), copyPaste, imageDataUrl: await QRCode.toDataURL(copyPaste) };
    },
    parseWebhook() {
      // Nobody notifies the sandbox: any call claiming to is refused.
      throw new DomainError('ERR_INVALID_WEBHOOK_SIGNATURE', 'the sandbox takes no payment notices');
    },
    invoiceIdOf: () => null,
  };
}
