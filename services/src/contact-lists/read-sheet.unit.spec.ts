import { describe, expect, it } from 'vitest';
import { xlsxOf, zipBombXlsx } from '../testing/zip-bomb.ts';
import { readFirstSheet, SHEET_READ_LIMITS } from './read-sheet.ts';

/** The longest the event loop stood still while `work` ran. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 10);
  try {
    return { result: await work(), stallMs };
  } finally {
    clearInterval(tick);
  }
}

describe('reading a spreadsheet in a worker', () => {
  it('gives the first sheet rows with their lines', async () => {
    const file = xlsxOf([
      ['nome', 'numero'],
      ['Maria', '5511955550001'],
      ['João', '5511955550002'],
    ]);
    expect(await readFirstSheet(file, 10)).toEqual({
      rows: [
        { line: 2, cells: { nome: 'Maria', numero: '5511955550001' } },
        { line: 3, cells: { nome: 'João', numero: '5511955550002' } },
      ],
    });
  });

  it('refuses a zip bomb, honest or lying about its size, quickly and without stalling the loop', async () => {
    for (const lie of [undefined, 0, 1000]) {
      const bomb = await zipBombXlsx(400, lie);
      expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
      const started = performance.now();
      const { result, stallMs } = await longestStall(() => readFirstSheet(bomb, 5002));
      expect(result).toEqual({ why: 'the spreadsheet unpacks to more than 100 MB' });
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(stallMs).toBeLessThan(250);
    }
  });

  it('ends a worker past its heap or its deadline', async () => {
    const file = await zipBombXlsx(40);
    expect(await readFirstSheet(file, 5002, { ...SHEET_READ_LIMITS, heapMb: 16 })).toEqual({
      why: 'the spreadsheet needs more than 16 MB to read',
    });
    expect(await readFirstSheet(file, 5002, { ...SHEET_READ_LIMITS, timeoutMs: 50 })).toEqual({
      why: 'the spreadsheet takes longer than 0.05 s to read',
    });
  });

  it('refuses what is not a zip it can follow', async () => {
    const broken = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]);
    expect(await readFirstSheet(broken, 10)).toEqual({ why: 'the spreadsheet could not be read' });
  });
});
