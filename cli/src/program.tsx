import { Command } from 'commander';
import { render } from 'ink';
import { payCommand } from './commands/billing/pay.tsx';
import { listCommand } from './commands/connections/list.tsx';
import { sweepCommand } from './commands/media/sweep.tsx';
import { replayCommand } from './commands/projections/replay.tsx';
import { statusCommand } from './commands/projections/status.tsx';
import { historyCommand } from './commands/tickets/history.tsx';
import { type CliIO, databaseUrlFromEnv } from './platform/io.ts';
import { knownProjections } from './platform/projections.ts';

export function terminalIO(): CliIO {
  return {
    databaseUrl: databaseUrlFromEnv(),
    render: (node) => render(node, { patchConsole: false }),
    print: (text) => process.stdout.write(text),
    setExitCode: (code) => {
      process.exitCode = code;
    },
    projections: knownProjections,
  };
}

/** `zelo <context> <verb>`: one command per file under commands/<context>/<verb>.tsx. */
export function createProgram(io: CliIO): Command {
  const program = new Command('zelo')
    .description('Zelo operations: projections, tickets, connections, billing, media')
    .showHelpAfterError();
  program
    .command('projections')
    .description('projection checkpoints and rebuilds')
    .addCommand(statusCommand(io))
    .addCommand(replayCommand(io));
  program.command('tickets').description('ticket audit').addCommand(historyCommand(io));
  program.command('connections').description('WhatsApp connections').addCommand(listCommand(io));
  program.command('billing').description('invoices').addCommand(payCommand(io));
  program.command('media').description('uploaded files').addCommand(sweepCommand(io));
  return program;
}
