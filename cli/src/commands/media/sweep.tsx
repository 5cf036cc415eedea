import { mediaDirFromEnv } from '@zelo/services/media/storage';
import { type SweepResult, sweepUploads, UPLOAD_GRACE_MS } from '@zelo/services/media/sweep';
import { openProductEventStore } from '@zelo/services/privacy/start';
import { Command, InvalidArgumentError } from 'commander';
import { Box, Text } from 'ink';
import { formatCount } from '../../components/format.ts';
import { CliError, guarded } from '../../platform/fail.tsx';
import { type CliIO, withPool } from '../../platform/io.ts';

const SHOWN = 20;
const megabytes = (removed: SweepResult['removed']) =>
  `${(removed.reduce((n, f) => n + f.bytes, 0) / 1024 / 1024).toFixed(1)} MB`;

export function SweepView({
  removed,
  dryRun,
  root,
  graceHours,
}: {
  removed: SweepResult['removed'];
  dryRun: boolean;
  root: string;
  graceHours: number;
}) {
  if (removed.length === 0)
    return <Text>Nothing to remove: every upload older than {graceHours} h is still referred to.</Text>;
  const count = `${formatCount(removed.length)} unreferenced upload${removed.length === 1 ? '' : 's'}`;
  return (
    <Box flexDirection="column">
      {dryRun ? (
        <Text>
          Would remove {count} ({megabytes(removed)}) from {root}:
        </Text>
      ) : (
        <Text color="green">
          ✔ Removed {count} ({megabytes(removed)}) from {root}.
        </Text>
      )}
      {dryRun ? removed.slice(0, SHOWN).map((f) => <Text key={f.url}> {f.url}</Text>) : null}
      {dryRun && removed.length > SHOWN ? (
        <Text dimColor> … and {formatCount(removed.length - SHOWN)} more</Text>
      ) : null}
    </Box>
  );
}

const positiveHours = (value: string) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 1) throw new InvalidArgumentError('must be at least 1 (hour)');
  return n;
};

export function sweepCommand(io: CliIO): Command {
  return new Command('sweep')
    .description('remove uploaded files that nothing refers to any more')
    .option('--dry-run', 'list what would be removed, remove nothing', false)
    .option(
      '--grace-hours <n>',
      'leave files younger than this alone',
      positiveHours,
      UPLOAD_GRACE_MS / 3600_000,
    )
    .option('--media-dir <path>', 'the media folder (ZELO_MEDIA_DIR)', mediaDirFromEnv())
    .addHelpText(
      'after',
      '\nSafe while the system runs: only files this database recorded when storing them are considered,\n' +
        'and one is removed only when no message, quick message, announcement, file list, campaign,\n' +
        'schedule or flow refers to it. The API runs the same sweep every hour.',
    )
    .action(
      guarded(io, (options: { dryRun: boolean; graceHours: number; mediaDir: string }) =>
        withPool(io, async (pool) => {
          const store = openProductEventStore(pool, io.databaseUrl);
          try {
            const result = await sweepUploads({
              pool,
              root: options.mediaDir,
              source: store,
              projections: io.projections(),
              graceMs: options.graceHours * 3600_000,
              dryRun: options.dryRun,
            });
            if (result.skipped)
              throw new CliError(
                `Nothing swept: ${result.skipped}.`,
                'Let the projections catch up (zelo projections status), then try again.',
              );
            io.render(
              <SweepView
                removed={result.removed}
                dryRun={options.dryRun}
                root={options.mediaDir}
                graceHours={options.graceHours}
              />,
            ).unmount();
          } finally {
            await store.close();
          }
        }),
      ),
    );
}
