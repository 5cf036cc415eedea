import { Worker } from 'node:worker_threads';
import { Slots } from '../platform/slots.ts';

/** A row of the first sheet: its cells by heading, and its line as the spreadsheet shows it. */
export interface RawSheetRow {
  line: number;
  cells: Record<string, unknown>;
}

/** The rows, or why the file could not be read (the caller's error message). */
export type SheetRead = { rows: RawSheetRow[] } | { why: string };

// An .xlsx is a zip: a file under the 5 MB cap can unpack to gigabytes (a zip bomb). Parsing runs in a
// worker thread with a heap of its own and a deadline, so that such a file costs one refused upload,
// never the process's memory or its event loop.
// The worker first measures what the zip unpacks to (capped, with Node's inflate) and refuses a bomb
// before SheetJS reads it; the heap cap and the deadline hold against whatever else a file can do.
export const SHEET_READ_LIMITS = { heapMb: 256, timeoutMs: 10_000, maxUnpackedMb: 100 } as const;
type SheetReadLimits = { heapMb: number; timeoutMs: number; maxUnpackedMb: number };
// Each worker may take its heap in full: two at a time at most, the others wait their turn.
const slots = new Slots(2);
const WORKER = new URL('./read-sheet-worker.mjs', import.meta.url);

/** The first sheet's rows (at most `sheetRows` lines read), parsed off the event loop. */
export function readFirstSheet(
  bytes: Uint8Array,
  sheetRows: number,
  limits: SheetReadLimits = SHEET_READ_LIMITS,
): Promise<SheetRead> {
  return slots.run(() => inWorker(bytes, sheetRows, limits));
}

function inWorker(
  bytes: Uint8Array,
  sheetRows: number,
  { heapMb, timeoutMs, maxUnpackedMb }: SheetReadLimits,
): Promise<SheetRead> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER, {
      workerData: { bytes, sheetRows, maxUnpackedMb },
      // Plain Node for a plain .mjs: no tsx or vitest loader in the worker.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const settle = (result: SheetRead) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
      void worker.terminate();
    };
    const deadline = setTimeout(
      () => settle({ why: `the spreadsheet takes longer than ${timeoutMs / 1000} s to read` }),
      timeoutMs,
    );
    worker.on('message', (result: SheetRead) => settle(result));
    worker.on('error', (err: Error & { code?: string }) =>
      settle({
        why:
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `the spreadsheet needs more than ${heapMb} MB to read`
            : 'the spreadsheet could not be read',
      }),
    );
    worker.on('exit', () => settle({ why: 'the spreadsheet could not be read' }));
  });
}
