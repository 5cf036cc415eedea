import type { Projection } from '@zelo/projections/runner';
import { render } from 'ink-testing-library';
import type { CliIO } from '../platform/io.ts';
import { knownProjections } from '../platform/projections.ts';
import { createProgram } from '../program.tsx';

export interface ZeloRun {
  /** What stayed on the terminal: the last frame of every view the command rendered, colours removed. */
  screen: string;
  /** Every frame drawn, in order, colours removed. */
  frames: string[];
  /** Raw output (--json). */
  printed: string;
  exitCode: number;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escapes are what we remove
const ANSI = /\u001b\[[0-9;]*m/g;
export const plain = (s: string) => s.replace(ANSI, '');

// Under CI=true, Ink ends every unmount with one more write of its "last output", which its debug
// mode (the one ink-testing-library uses) never fills in: a bare newline that is not a frame.
const framesDrawn = (screen: ReturnType<typeof render>) =>
  screen.frames.map(plain).filter((frame) => frame.trim() !== '');

/** Runs `zelo <args>` against a database, as an operator would, and returns what they would see. */
export async function runZelo(
  args: string[],
  options: { databaseUrl: string; projections?: () => Projection[] },
): Promise<ZeloRun> {
  const screens: ReturnType<typeof render>[] = [];
  let exitCode = 0;
  let printed = '';
  const io: CliIO = {
    databaseUrl: options.databaseUrl,
    render: (node) => {
      const screen = render(node);
      screens.push(screen);
      return screen;
    },
    print: (text) => {
      printed += text;
    },
    setExitCode: (code) => {
      exitCode = code;
    },
    projections: options.projections ?? knownProjections,
  };
  await createProgram(io).exitOverride().parseAsync(args, { from: 'user' });
  const drawn = screens.map(framesDrawn);
  return {
    screen: drawn.map((frames) => frames.at(-1) ?? '').join('\n'),
    frames: drawn.flat(),
    printed,
    exitCode,
  };
}
