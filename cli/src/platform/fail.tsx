import { Box, Text } from 'ink';
import type { CliIO } from './io.ts';
import { isMissingTable } from './io.ts';

export class CliError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

export function ErrorView({ message, hint }: { message: string; hint?: string }) {
  return (
    <Box flexDirection="column">
      <Text color="red">✖ {message}</Text>
      {hint ? <Text dimColor>{hint}</Text> : null}
    </Box>
  );
}

/** Shows what went wrong the way an operator can act on it, and exits 1. */
export function fail(io: CliIO, message: string, hint?: string): void {
  io.render(<ErrorView message={message} hint={hint} />).unmount();
  io.setExitCode(1);
}

/** Wraps a command's action: a CliError or a database error becomes a red line and exit code 1. */
export function guarded<A extends unknown[]>(io: CliIO, action: (...args: A) => Promise<void>) {
  return async (...args: A) => {
    try {
      await action(...args);
    } catch (err) {
      if (err instanceof CliError) return fail(io, err.message, err.hint);
      if (isMissingTable(err))
        return fail(
          io,
          (err as Error).message,
          'This database lacks that table: run the server once (npm start) to migrate it.',
        );
      const e = err as { code?: string; message: string };
      if (e.code === 'ECONNREFUSED' || e.code === '3D000')
        return fail(
          io,
          `cannot reach the database at ${io.databaseUrl}: ${e.message}`,
          'Set DATABASE_URL to the Zelo database.',
        );
      return fail(io, e.message);
    }
  };
}
