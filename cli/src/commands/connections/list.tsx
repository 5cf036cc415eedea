import type { Pool } from '@zelo/services/platform/db';
import { Command } from 'commander';
import { Box, Text } from 'ink';
import { formatDateTime } from '../../components/format.ts';
import { type Column, Table } from '../../components/table.tsx';
import { CliError, guarded } from '../../platform/fail.tsx';
import { isUuid } from '../../platform/ids.ts';
import { type CliIO, isMissingTable, withPool } from '../../platform/io.ts';

export interface ConnectionRow {
  id: string;
  companyId: string;
  name: string;
  status: string;
  updatedAt: Date;
  /** The channel worker holding the connection's lease, '(lapsed)' when it stopped renewing, or null. */
  worker: string | null;
}

const SELECT = `SELECT w.id, w.company_id AS "companyId", w.name, w.status, w.updated_at AS "updatedAt", %WORKER% AS worker
  FROM whatsapps w %JOIN% WHERE $1::uuid IS NULL OR w.company_id = $1 ORDER BY w.company_id, w.name`;

/** Every WhatsApp connection, across companies unless one is named, with the worker that holds it. */
export async function listAllConnections(pool: Pool, companyId: string | null): Promise<ConnectionRow[]> {
  const withLeases = SELECT.replace(
    '%WORKER%',
    `CASE WHEN l.owner IS NULL THEN NULL WHEN l.expires_at < now() THEN l.owner || ' (lapsed)' ELSE l.owner END`,
  ).replace('%JOIN%', 'LEFT JOIN channel_leases l ON l.whatsapp_id = w.id');
  try {
    return (await pool.query<ConnectionRow>(withLeases, [companyId])).rows;
  } catch (err) {
    // A database no channel worker ever ran against has no lease table: nobody holds anything.
    if (!isMissingTable(err) || !(err as Error).message.includes('channel_leases')) throw err;
    const plain = SELECT.replace('%WORKER%', 'NULL::text').replace('%JOIN%', '');
    return (await pool.query<ConnectionRow>(plain, [companyId])).rows;
  }
}

/** Company names from the tenancy read model, when this database has it. */
async function companyNames(pool: Pool, ids: string[]): Promise<Map<string, string>> {
  try {
    const { rows } = await pool.query(
      'SELECT id::text AS id, name FROM companies WHERE id = ANY($1::uuid[])',
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r.name]));
  } catch (err) {
    if (isMissingTable(err)) return new Map();
    throw err;
  }
}

const statusColor = (s: string) => (s === 'CONNECTED' ? 'green' : s === 'DISCONNECTED' ? 'red' : 'yellow');

const columns: Column<ConnectionRow>[] = [
  { header: 'ID', cell: (c) => c.id },
  { header: 'STATUS', cell: (c) => c.status, color: (c) => statusColor(c.status) },
  { header: 'UPDATED', cell: (c) => formatDateTime(c.updatedAt) },
  { header: 'NAME', cell: (c) => c.name },
  { header: 'WORKER', cell: (c) => c.worker ?? '—' },
];

export interface CompanyConnections {
  companyId: string;
  companyName: string | null;
  connections: ConnectionRow[];
}

// One table per company: two uuids side by side would not fit a terminal.
export function ConnectionsView({ companies }: { companies: CompanyConnections[] }) {
  const all = companies.flatMap((c) => c.connections);
  if (all.length === 0) return <Text>No WhatsApp connections.</Text>;
  return (
    <Box flexDirection="column">
      {companies.map((c) => (
        <Box key={c.companyId} flexDirection="column" marginBottom={1}>
          <Text>
            Company <Text bold>{c.companyName ?? c.companyId}</Text>
            {c.companyName ? <Text dimColor> ({c.companyId})</Text> : null}
          </Text>
          <Table columns={columns} rows={c.connections} />
        </Box>
      ))}
      <Text dimColor>
        {all.length} connection{all.length === 1 ? '' : 's'},{' '}
        {all.filter((c) => c.status === 'CONNECTED').length} connected
      </Text>
    </Box>
  );
}

export function listCommand(io: CliIO): Command {
  return new Command('list')
    .description('WhatsApp connections and their status, from the whatsapps read model')
    .option('--company <id>', 'only this company')
    .action(
      guarded(io, (options: { company?: string }) =>
        withPool(io, async (pool) => {
          if (options.company !== undefined && !isUuid(options.company))
            throw new CliError(`"${options.company}" is not a company id (expected a uuid).`);
          let connections: ConnectionRow[];
          try {
            connections = await listAllConnections(pool, options.company ?? null);
          } catch (err) {
            if (isMissingTable(err))
              throw new CliError(
                'This database has no whatsapps read model yet.',
                'Run the server once (npm start) to migrate it; the connections projection fills it.',
              );
            throw err;
          }
          const ids = [...new Set(connections.map((c) => c.companyId))];
          const names = await companyNames(pool, ids);
          const companies = ids.map((companyId) => ({
            companyId,
            companyName: names.get(companyId) ?? null,
            connections: connections.filter((c) => c.companyId === companyId),
          }));
          io.render(<ConnectionsView companies={companies} />).unmount();
        }),
      ),
    );
}
