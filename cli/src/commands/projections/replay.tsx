import { type RebuildProgress, rebuildProjection } from '@zelo/projections/rebuild';
import { ProjectionLockedError } from '@zelo/projections/runner-lock';
import { openProductEventStore } from '@zelo/services/privacy/start';
import { Command, InvalidArgumentError } from 'commander';
import { Box, Text } from 'ink';
import { formatCount, formatSeconds } from '../../components/format.ts';
import { CliError, guarded } from '../../platform/fail.tsx';
import { type CliIO, withPool } from '../../platform/io.ts';

const BAR = 30;

/** "about 1 min 20 s left": the time the events still to apply take at the rate so far. */
export function timeLeft({ done, total, elapsedMs }: Pick<RebuildProgress, 'done' | 'total' | 'elapsedMs'>) {
  if (done === 0 || elapsedMs <= 0) return 'estimating the time left…';
  const seconds = Math.ceil(((total - done) * elapsedMs) / done / 1000);
  if (seconds <= 1) return 'about a second left';
  if (seconds < 60) return `about ${seconds} s left`;
  if (seconds < 3600) {
    const [m, s] = [Math.floor(seconds / 60), seconds % 60];
    return s ? `about ${m} min ${s} s left` : `about ${m} min left`;
  }
  const [h, m] = [Math.floor(seconds / 3600), Math.round((seconds % 3600) / 60)];
  return m ? `about ${h} h ${m} min left` : `about ${h} h left`;
}

export function ReplayView({ progress }: { progress: RebuildProgress }) {
  const { name, done, total, elapsedMs, finished, position, stage, parked } = progress;
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
        {finished ? '' : ` · ${stage === 'swap' ? 'swapping in…' : timeLeft(progress)}`}
      </Text>
      {finished ? (
        <Text color="green">
          ✔ {name} rebuilt from {formatCount(done)} events in {formatSeconds(elapsedMs)} ({formatCount(rate)}{' '}
          events/s), checkpoint at {position ?? 'the start'}
        </Text>
      ) : null}
      {parked > 0 ? (
        <Text color="red">
          ✖ {formatCount(parked)} {parked === 1 ? 'event' : 'events'} could not be applied and{' '}
          {parked === 1 ? 'was' : 'were'} parked: see `zelo projections status`
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
    .description('rebuild one projection from the first event beside the live one, then swap it in')
    .argument('<name>', 'projection name, as `zelo projections status` lists it')
    .option('--batch-size <n>', 'events per transaction', positiveInt, 1000)
    .addHelpText(
      'after',
      '\nSafe while the system runs: the projection is rebuilt in a schema of its own while the runner keeps\n' +
        'the live tables current, then swapped in in one transaction. Nothing is re-sent or reconnected.',
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
          // Sealed as the product's: the projections read personal fields opened (issue 25).
          const store = openProductEventStore(pool, io.databaseUrl);
          let screen: ReturnType<CliIO['render']> | null = null;
          try {
            // Rebuilt beside the live read model and swapped in: nothing that consumes it sees the rebuild.
            await rebuildProjection(pool, store, projection, {
              batchSize: options.batchSize,
              onProgress: (p) => {
                if (screen) screen.rerender(<ReplayView progress={p} />);
                else screen = io.render(<ReplayView progress={p} />);
              },
            });
          } catch (err) {
            if (err instanceof ProjectionLockedError)
              throw new CliError(err.message, 'Wait for the other replay to finish and try again.');
            throw err;
          } finally {
            (screen as ReturnType<CliIO['render']> | null)?.unmount();
            await store.close();
          }
        }),
      ),
    );
}
