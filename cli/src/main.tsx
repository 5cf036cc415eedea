import { createProgram, terminalIO } from './program.tsx';

await createProgram(terminalIO()).parseAsync(process.argv);
