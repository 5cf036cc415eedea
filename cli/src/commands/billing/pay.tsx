import { DomainError } from '@zelo/contracts/errors';
import { loadInvoice, payInvoiceInSandbox } from '@zelo/services/billing/handlers';
import { systemClock } from '@zelo/services/platform/clock';
import { openProductEventStore } from '@zelo/services/privacy/start';
import { Command } from 'commander';
import { Box, Text } from 'ink';
import { CliError, guarded } from '../../platform/fail.tsx';
import { isUuid } from '../../platform/ids.ts';
import { type CliIO, withPool } from '../../platform/io.ts';

export function PaidView({
  invoiceId,
  detail,
  dueDate,
}: {
  invoiceId: string;
  detail: string;
  dueDate: string;
}) {
  return (
    <Box flexDirection="column">
      <Text color="green">
        ✔ Invoice <Text bold>{invoiceId}</Text> marked paid.
      </Text>
      <Text dimColor>
        {detail}, due {dueDate.slice(0, 10)}: the company's due date moves by its recurrence once the server's
        reactor sees it.
      </Text>
    </Box>
  );
}

/**
 * `zelo billing pay <invoiceId>`: the operator marks a sandbox invoice paid (no provider tells us of a
 * sandbox Pix). The same command the super user's POST /invoices/{id}/pay sends, recorded as the CLI's.
 */
export function payCommand(io: CliIO, provider: () => 'sandbox' | 'efi' = providerFromEnv): Command {
  return new Command('pay')
    .description('mark a sandbox invoice paid (the Pix sandbox has no provider to notify it)')
    .argument('<invoiceId>', 'the invoice id (a uuid)')
    .action(
      guarded(io, (invoiceId: string) =>
        withPool(io, async (pool) => {
          if (!isUuid(invoiceId))
            throw new CliError(`"${invoiceId}" is not an invoice id (expected a uuid).`);
          const deps = { store: openProductEventStore(pool, io.databaseUrl), clock: systemClock };
          try {
            await payInvoiceInSandbox(deps, { provider: provider() }, invoiceId, {
              companyId: null,
              actor: 'system:cli',
            });
          } catch (err) {
            if (!(err instanceof DomainError)) throw err;
            throw new CliError(`${err.code}: ${err.message}`, hintFor(err.code));
          }
          const state = await loadInvoice(deps, invoiceId);
          if (state.kind === 'none') throw new CliError('invoice not found');
          io.render(
            <PaidView invoiceId={invoiceId} detail={state.invoice.detail} dueDate={state.invoice.dueDate} />,
          ).unmount();
        }),
      ),
    );
}

const providerFromEnv = () => (process.env.PAYMENTS_PROVIDER === 'efi' ? 'efi' : 'sandbox');

function hintFor(code: string): string | undefined {
  if (code === 'ERR_PAYMENT_SANDBOX_ONLY') return 'With PAYMENTS_PROVIDER=efi, Efí notifies payments itself.';
  if (code === 'ERR_NO_INVOICE_FOUND') return 'GET /invoices/all (or /financeiro) lists the invoice ids.';
  return undefined;
}
