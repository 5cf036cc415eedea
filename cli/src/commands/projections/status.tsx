import { type ProjectionFaults, projectionFaults } from '@zelo/projections/projection-faults';
import type { Pool } from '@zelo/services/platform/db';
import { reactorNames } from '@zelo/services/reactors';
import { Command } from 'commander';
import { Box, Text } from 'ink';
import { formatCount, formatDateTime } from '../../components/format.ts';
import { type Column, Table } from '../../components/table.tsx';
import { CliError, guarded } from '../../platform/fail.tsx';
import { type CliIO, withPool } from '../../platform/io.ts';

export type ProjectionState = 'up to date' | 'behind' | 'never ran';

export interface ProjectionStatus {
  name: string;
  position: string | null;
  eventsApplied: number;
  updatedAt: Date | null;
  lag: number;
  state: ProjectionState;
  registered: boolean;
  /** A reactor (acts on events, never replayed) rather than a read model. */
  reactor: boolean;
  /** Events it could not store, passed over and recorded (projection-faults.ts); null when none. */
  faults: ProjectionFaults | null;
}

// Events past a checkpoint, in the store's own order (the pair the runner checkpoints); a
// projection that never ran is behind by the whole store.
const LAG = `SELECT count(*)::bigint AS lag FROM es_events
  WHERE $1::text IS NULL
     OR (transaction_id, global_position) > (split_part($1, ':', 1)::xid8, split_part($1, ':', 2)::bigint)`;

/** Every projection the registry knows and every one that left a checkpoint, with its lag. */
export async function projectionStatus(pool: Pool, registered: string[]): Promise<ProjectionStatus[]> {
  const { rows } = await pool.query<{
    name: string;
    position: string | null;
    events_applied: number;
    updated_at: Date;
  }>('SELECT name, position, events_applied, updated_at FROM projection_checkpoints');
  const saved = new Map(rows.map((r) => [r.name, r]));
  const faults = await projectionFaults(pool);
  const names = [...new Set([...registered, ...saved.keys(), ...faults.keys()])].sort();
  const result: ProjectionStatus[] = [];
  for (const name of names) {
    const cp = saved.get(name);
    const position = cp?.position ?? null;
    const lag = Number((await pool.query(LAG, [position])).rows[0].lag);
    result.push({
      name,
      position,
      eventsApplied: Number(cp?.events_applied ?? 0),
      updatedAt: cp?.updated_at ?? null,
      lag,
      state: position === null ? 'never ran' : lag === 0 ? 'up to date' : 'behind',
      registered: registered.includes(name),
      reactor: reactorNames.includes(name),
      faults: faults.get(name) ?? null,
    });
  }
  return result;
}

const stateColor: Record<ProjectionState, string> = {
  'up to date': 'green',
  behind: 'yellow',
  'never ran': 'gray',
};

const columns: Column<ProjectionStatus>[] = [
  {
    header: 'PROJECTION',
    cell: (p) => (p.registered ? p.name : p.reactor ? `${p.name} (reactor)` : `${p.name} (not registered)`),
  },
  { header: 'POSITION', cell: (p) => p.position ?? '—' },
  { header: 'APPLIED', cell: (p) => formatCount(p.eventsApplied), align: 'right' },
  { header: 'LAST UPDATE', cell: (p) => (p.updatedAt ? formatDateTime(p.updatedAt) : '—') },
  { header: 'LAG', cell: (p) => formatCount(p.lag), align: 'right' },
  {
    header: 'STATE',
    cell: (p) => (p.faults ? `${p.state}, ${formatCount(p.faults.parked)} parked` : p.state),
    color: (p) => (p.faults ? 'red' : stateColor[p.state]),
  },
];

/** Per projection with parked events: how many, and the latest with its error. */
function ParkedView({ projections }: { projections: ProjectionStatus[] }) {
  const faulty = projections.filter((p) => p.faults);
  if (faulty.length === 0) return null;
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text color="red" bold>
        Parked events (could not be applied; the projection went on without them):
      </Text>
      {faulty.map(({ name, faults }) => {
        const { parked, latest } = faults!;
        return (
          <Box key={name} flexDirection="column">
            <Text>
              {name}: {formatCount(parked)} parked; the latest on {formatDateTime(latest.at)}:{' '}
              {latest.eventType} {latest.eventId} at {latest.position}
            </Text>
            <Box marginLeft={2}>
              <Text color="red">{latest.code ? `${latest.code} ${latest.error}` : latest.error}</Text>
            </Box>
          </Box>
        );
      })}
      <Text dimColor>
        Fix the cause, then {'`zelo projections replay <name>`'} applies them again (a reactor is not
        replayed).
      </Text>
    </Box>
  );
}

export function StatusView({ projections, total }: { projections: ProjectionStatus[]; total: number }) {
  const behind = projections.filter((p) => p.state !== 'up to date').length;
  return (
    <Box flexDirection="column">
      <Table columns={columns} rows={projections} />
      <Text dimColor>
        {formatCount(total)} events in the store;{' '}
        {behind === 0
          ? 'every projection is up to date'
          : `${behind} of ${projections.length} not up to date`}
      </Text>
      <ParkedView projections={projections} />
    </Box>
  );
}

/** The exit code of `projections status` when some projection has parked events. */
export const PARKED_EXIT_CODE = 3;

export function statusCommand(io: CliIO): Command {
  return new Command('status')
    .description(
      'show every projection: checkpoint, events applied, lag behind the event store, parked events',
    )
    .action(
      guarded(io, () =>
        withPool(io, async (pool) => {
          const projections = await projectionStatus(
            pool,
            io.projections().map((p) => p.name),
          );
          if (projections.length === 0)
            throw new CliError('No projections registered and no checkpoints found.');
          const total = Number((await pool.query('SELECT count(*)::bigint AS n FROM es_events')).rows[0].n);
          io.render(<StatusView projections={projections} total={total} />).unmount();
          // Parked events need an operator: a monitoring check running this command sees it in the code.
          if (projections.some((p) => p.faults)) io.setExitCode(PARKED_EXIT_CODE);
        }),
      ),
    );
}
