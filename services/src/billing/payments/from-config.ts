import type { PaymentsConfig } from '../../platform/config.ts';
import { efiPayments } from './efi.ts';
import type { PaymentsPort } from './port.ts';
import { sandboxPayments } from './sandbox.ts';

/** The configured provider: the Pix sandbox by default, Efí with PAYMENTS_PROVIDER=efi. */
export function paymentsFor(config: PaymentsConfig): PaymentsPort {
  return config.provider === 'efi' ? efiPayments(config) : sandboxPayments(config);
}
