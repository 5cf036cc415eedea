import { describeEvent } from '@zelo/projections/audit/describe-event';
import { namesInHistory, type TicketHistoryRow, ticketHistory } from '@zelo/projections/audit/queries';
import { Command } from 'commander';
import { Box, Text } from 'ink';
import { formatDateTime } from '../../components/format.ts';
import { type Column, Table } from '../../components/table.tsx';
import { CliError, guarded } from '../../platform/fail.tsx';
import { isUuid } from '../../platform/ids.ts';
import { type CliIO, isMissingTable, withPool } from '../../platform/io.ts';

interface Line {
  when: string;
  who: string;
  what: string;
}

const columns: Column<Line>[] = [
  { header: 'WHEN', cell: (l) => l.when },
  { header: 'WHO', cell: (l) => l.who },
  { header: 'WHAT', cell: (l) => l.what },
];

export function HistoryView({
  ticketId,
  lines,
  shortened,
}: {
  ticketId: string;
  lines: Line[];
  shortened: boolean;
}) {
  return (
    <Box flexDirection="column">
      <Text>
        Ticket <Text bold>{ticketId}</Text>: {lines.length} event{lines.length === 1 ? '' : 's'}
      </Text>
      <Table columns={columns} rows={lines} />
      {shortened ? <Text dimColor>Ids without a name are shortened; --json shows them whole.</Text> : null}
    </Box>
  );
}

export function historyCommand(io: CliIO): Command {
  return new Command('history')
    .description('every event of a ticket: when, who, what')
    .argument('<ticketId>', 'the ticket id (a uuid)')
    .option('--company <id>', 'only if the ticket belongs to this company')
    .option('--json', 'print the raw rows as JSON')
    .action(
      guarded(io, (ticketId: string, options: { company?: string; json?: boolean }) =>
        withPool(io, async (pool) => {
          if (!isUuid(ticketId)) throw new CliError(`"${ticketId}" is not a ticket id (expected a uuid).`);
          if (options.company !== undefined && !isUuid(options.company))
            throw new CliError(`"${options.company}" is not a company id (expected a uuid).`);
          let rows: TicketHistoryRow[];
          try {
            rows = await ticketHistory(pool, options.company ?? null, ticketId);
          } catch (err) {
            if (isMissingTable(err))
              throw new CliError(
                'This database has no ticket_history table.',
                'Run the server once (npm start) to migrate it, then `zelo projections replay ticket-history`.',
              );
            throw err;
          }
          if (rows.length === 0)
            throw new CliError(
              `No history for ticket ${ticketId}${options.company ? ` in company ${options.company}` : ''}.`,
              'Check the id, or whether the ticket-history projection is behind (`zelo projections status`).',
            );
          if (options.json) return io.print(`${JSON.stringify(rows, null, 2)}\n`);
          const names = await namesInHistory(pool, null, rows);
          // A whole uuid per mention would crowd the table out; its first block is enough to tell apart.
          let shortened = false;
          const name = (id: string) => {
            const known = names.get(id);
            if (known !== undefined || !isUuid(id)) return known ?? id;
            shortened = true;
            return `${id.slice(0, 8)}…`;
          };
          const lines = rows.map((r) => ({
            when: formatDateTime(r.at),
            who: name(r.actor),
            what: describeEvent(r.type, r.data, name),
          }));
          io.render(<HistoryView ticketId={ticketId} lines={lines} shortened={shortened} />).unmount();
        }),
      ),
    );
}
