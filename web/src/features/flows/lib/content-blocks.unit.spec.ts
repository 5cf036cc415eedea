import { SingleBlockData } from '@zelo/contracts/flows/graph';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  type ContentDraft,
  contentData,
  contentProblem,
  draftsOf,
  pendingUploads,
} from './content-blocks.ts';

let n = 0;
const card = (type: ContentDraft['type'], value = '', extra: Partial<ContentDraft> = {}): ContentDraft => ({
  key: `k${n++}`,
  type,
  value,
  ...extra,
});
const fakeFile = (name: string) => ({ name }) as File;

describe('the content editor’s rules (doc 2 §5)', () => {
  it('refuses an empty text card', () => {
    expect(contentProblem([card('message', 'Olá'), card('message', '  ')])).toBe('emptyText');
  });

  it('refuses an interval of 0 or over 120 seconds', () => {
    expect(contentProblem([card('interval', '0')])).toBe('badInterval');
    expect(contentProblem([card('interval', '121')])).toBe('badInterval');
    expect(contentProblem([card('interval', '')])).toBe('badInterval');
    expect(contentProblem([card('interval', '120')])).toBeNull();
  });

  it('refuses media cards without a file', () => {
    expect(contentProblem([card('img')])).toBe('emptyMedia');
    expect(contentProblem([card('audio', '', { file: fakeFile('a.ogg') })])).toBeNull();
    expect(contentProblem([card('video', 'stored.mp4')])).toBeNull();
  });

  it('refuses a content without cards', () => {
    expect(contentProblem([])).toBe('noCards');
  });
});

describe('the content node’s data (doc 2 §3 singleBlock)', () => {
  it('keys each card by type and place, in order, with the stored file names', () => {
    const img = card('img', '', { file: fakeFile('foto.png') });
    const cards = [
      card('message', 'Olá!'),
      card('interval', '5'),
      img,
      card('audio', 'voz.ogg', { record: true }),
    ];
    expect(pendingUploads(cards)).toEqual([img]);
    const data = contentData(cards, new Map([[img.key, '1700-foto.png']]));
    expect(data.seq).toEqual(['message0', 'interval1', 'img2', 'audio3']);
    expect(data.elements).toEqual([
      { type: 'message', number: 'message0', value: 'Olá!' },
      { type: 'interval', number: 'interval1', value: 5 },
      { type: 'img', number: 'img2', value: '1700-foto.png', original: 'foto.png', record: false },
      { type: 'audio', number: 'audio3', value: 'voz.ogg', original: 'voz.ogg', record: true },
    ]);
    // What the server accepts for a content node.
    expect(v.safeParse(SingleBlockData, data).success).toBe(true);
  });

  it('reads a stored node back into cards in the order of its seq', () => {
    const data = contentData([card('message', 'Um'), card('interval', '3'), card('video', 'v.mp4')]);
    const shuffled = { seq: data.seq, elements: [...data.elements].reverse() };
    const drafts = draftsOf(shuffled, (i) => `d${i}`);
    expect(drafts.map((d) => [d.type, d.value])).toEqual([
      ['message', 'Um'],
      ['interval', '3'],
      ['video', 'v.mp4'],
    ]);
    expect(contentData(drafts)).toEqual(data);
  });
});
