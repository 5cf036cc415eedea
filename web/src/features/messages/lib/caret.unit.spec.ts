import { describe, expect, it } from 'vitest';
import { insertAtCaret } from './caret.ts';

describe('insertAtCaret', () => {
  it('inserts at the caret and moves the caret after the insert', () => {
    expect(insertAtCaret('olá mundo', '😀', 4, 4)).toEqual({ text: 'olá 😀mundo', caret: 6 });
  });

  it('replaces a selection', () => {
    expect(insertAtCaret('olá mundo', '👍', 4, 9)).toEqual({ text: 'olá 👍', caret: 6 });
  });

  it('appends when the box never had a caret', () => {
    expect(insertAtCaret('oi', '🙂', null, null)).toEqual({ text: 'oi🙂', caret: 4 });
  });
});
