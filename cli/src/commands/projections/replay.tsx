import { applyBatch, type EventSource, type Projection } from '@zelo/projections/runner';
import { ProjectionLockedError, withProjectionLock } from '@zelo/projections/runner-lock';
import { PostgresEventStore } from '@zelo/services/event-store/postgres';
import { inTransaction, type Pool } from '@zelo/services/platform/db';
import { Command, InvalidArgumentError } from 'commander';
import { Box, Text } from 'ink';
import { formatCount, formatSeconds } from '../../components/format.ts';
import { CliError, guarded } from '../../platform/fail.tsx';
import { type CliIO, withPool } from '../../platform/io.ts';

export interface ReplayProgress {
  name: string;
  done: number;
  total: number;
  elapsedMs: number;
  position: string | null;
  finished: boolean;
}

const quoteIdent = (s: string) => `"${s.replaceAll('"', '""')}"`;

/**
 * Rebuilds one projection from the first event: empties its tables and forgets its checkpoint in one
 * transaction, then applies the whole store batch by batch, as the runner would. Holds the
 * projection's advisory lock throughout, so a runner that takes the same lock stays out.
 */
export async function replayProjection(
  pool: Pool,
  source: Pick<EventSource, 'readAll'>,
  projection: Projection,
  options: { batchSize?: number; onProgress?: (p: ReplayProgress) => void; clock?: () => number } = {},
): Promise<ReplayProgress> {
  const clock = options.clock ?? Date.now;
  const batchSize = options.batchSize ?? 1000;
  return withProjectionLock(pool, projection.name, async () => {
    await inTransaction(pool, async (tx) => {
      if (projection.tables.length)
        await tx.query(`TRUNCATE ${projection.tables.map(quoteIdent).join(', ')} RESTART IDENTITY`);
      await tx.query('DELETE FROM projection_checkpoints WHERE name = $1', [projection.name]);
    });
    const started = clock();
    const total = Number((await pool.query('SELECT count(*)::bigint AS n FROM es_events')).rows[0].n);
    const progress: ReplayProgress = {
      name: projection.name,
      done: 0,
      total,
      elapsedMs: 0,
      position: null,
      finished: false,
    };
    options.onProgress?.({ ...progress });
    for (;;) {
      const events = await source.readAll(progress.position, batchSize);
      if (events.length === 0) break;
      await applyBatch(pool, projection, events);
      progress.done += events.length;
      progress.position = events[events.length - 1].position;
      // Events appended since the count are replayed too: the total grows with them.
      progress.total = Math.max(progress.total, progress.done);
      progress.elapsedMs = clock() - started;
      options.onProgress?.({ ...progress });
    }
    // The store as read is replayed; anything committing now is the runner's to apply.
    Object.assign(progress, { total: progress.done, elapsedMs: clock() - started, finished: true });
    options.onProgress?.({ ...progress });
    return progress;
  });
}

const BAR = 30;

export function ReplayView({ progress }: { progress: ReplayProgress }) {
  const { name, done, total, elapsedMs, finished, position } = progress;
  const ratio = total === 0 ? (finished ? 1 : 0) : Math.min(1, done / total);
  const filled = Math.round(ratio * BAR);
  const rate = elapsedMs > 0 ? Math.round((done * 1000) / elapsedMs) : 0;
  return (
    <Box flexDirection="column">
      <Text>
        Replaying <Text bold>{name}</Text> from the first event
      </Text>
      <Text>
        <Text color="cyan">{'█'.repeat(filled)}</Text>
        <Text dimColor>{'░'.repeat(BAR - filled)}</Text> {String(Math.floor(ratio * 100)).padStart(3)}%{' '}
        {formatCount(done)}/{formatCount(total)} events · {formatCount(rate)} events/s
      </Text>
      {finished ? (
        <Text color="green">
          ✔ {name} rebuilt from {formatCount(done)} events in {formatSeconds(elapsedMs)} ({formatCount(rate)}{' '}
          events/s), checkpoint at {position ?? 'the start'}
        </Text>
      ) : null}
    </Box>
  );
}

const positiveInt = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a positive whole number');
  return n;
};

export function replayCommand(io: CliIO): Command {
  return new Command('replay')
    .description('rebuild one projection from the first event (empties its tables and resets its checkpoint)')
    .argument('<name>', 'projection name, as `zelo projections status` lists it')
    .option('--batch-size <n>', 'events per transaction', positiveInt, 1000)
    .addHelpText(
      'after',
      '\nThe replay holds an advisory lock on the projection (projections/src/runner-lock.ts). A runner that\n' +
        'takes the same lock leaves the projection alone meanwhile; one that does not would write beside the\n' +
        'replay, so stop it first.',
    )
    .action(
      guarded(io, (name: string, options: { batchSize: number }) =>
        withPool(io, async (pool) => {
          const projections = io.projections();
          const projection = projections.find((p) => p.name === name);
          if (!projection)
            throw new CliError(
              `Unknown projection "${name}".`,
              `Known projections: ${projections.map((p) => p.name).join(', ')}`,
            );
          const store = new PostgresEventStore(pool, io.databaseUrl);
          let screen: ReturnType<CliIO['render']> | null = null;
          try {
            await replayProjection(pool, store, projection, {
              batchSize: options.batchSize,
              onProgress: (p) => {
                if (screen) screen.rerender(<ReplayView progress={p} />);
                else screen = io.render(<ReplayView progress={p} />);
              },
            });
          } catch (err) {
            if (err instanceof ProjectionLockedError)
              throw new CliError(
                err.message,
                'Stop the projection runner (or wait for the other replay) and try again.',
              );
            throw err;
          } finally {
            (screen as ReturnType<CliIO['render']> | null)?.unmount();
            await store.close();
          }
        }),
      ),
    );
}
