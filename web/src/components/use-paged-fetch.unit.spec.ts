import { describe, expect, it } from 'vitest';
import { appendPage, type Cursor, moveCursor } from './use-paged-fetch.ts';

const at = (page: number, key = 'ana', version = 0): Cursor => ({ key, page, version });

describe('the page a paged fetch asks for', () => {
  it('starts a new key at page 1, and leaves the cursor alone for the same key', () => {
    const cursor = at(3);
    expect(moveCursor(cursor, { type: 'key', key: 'bia' }, 'append')).toEqual(at(1, 'bia'));
    expect(moveCursor(cursor, { type: 'key', key: 'ana' }, 'append')).toBe(cursor);
  });

  it('reloads an infinite list from page 1, and a pager on the page it shows', () => {
    expect(moveCursor(at(3), { type: 'reload' }, 'append')).toEqual(at(1, 'ana', 1));
    expect(moveCursor(at(3), { type: 'reload' }, 'replace')).toEqual(at(3, 'ana', 1));
  });

  it('goes to the page asked for', () => {
    expect(moveCursor(at(2), { type: 'go', page: 1 }, 'replace')).toEqual(at(1));
  });
});

describe('joining a fetched page to the records held', () => {
  const held = [{ id: 1 }, { id: 2 }];

  it('replaces everything with page 1', () => {
    expect(appendPage(held, [{ id: 3 }], 1)).toEqual([{ id: 3 }]);
  });

  it('adds a later page without the records already held', () => {
    expect(appendPage(held, [{ id: 2 }, { id: 3 }], 2)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });
});
