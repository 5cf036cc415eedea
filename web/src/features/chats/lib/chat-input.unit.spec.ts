import { describe, expect, it } from 'vitest';
import { chatRequestOf } from './chat-input.ts';

describe('the chat dialog’s values', () => {
  it('needs a title and at least one user (doc 2 §5), else the dialog alerts', () => {
    expect(chatRequestOf({ title: '  ', users: ['u1'] })).toBeNull();
    expect(chatRequestOf({ title: 'Plantão', users: [] })).toBeNull();
    expect(chatRequestOf({ users: ['u1'] })).toBeNull();
    expect(chatRequestOf({ title: 'Plantão' })).toBeNull();
  });

  it('sends the trimmed title and the chosen users', () => {
    expect(chatRequestOf({ title: ' Plantão ', users: ['u1', 'u2'] })).toEqual({
      title: 'Plantão',
      users: ['u1', 'u2'],
    });
  });
});
