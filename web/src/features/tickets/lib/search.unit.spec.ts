import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { normalizeSearch, otherOpenTicket, splitNameAndNumber } from './search.ts';

describe('ticket search helpers', () => {
  it('lower-cases and trims the search text', () => {
    expect(normalizeSearch('  Joana SILVA ')).toBe('joana silva');
    expect(normalizeSearch('   ')).toBe('');
  });
  it('reads the agent and queue of a 409 ERR_OTHER_OPEN_TICKET', () => {
    const err = new ApiError(409, 'ERR_OTHER_OPEN_TICKET', 'x', {
      details: {
        ticket: { user: { id: 'u', name: 'Beatriz' }, queue: { id: 'q', name: 'Vendas', color: '#f00' } },
      },
    });
    expect(otherOpenTicket(err)).toEqual({ agent: 'Beatriz', queue: 'Vendas' });
    expect(otherOpenTicket(new ApiError(404, 'ERR_NO_TICKET_FOUND', 'x'))).toBeNull();
    expect(otherOpenTicket(new Error('boom'))).toBeNull();
  });
  it('splits a typed name and number for a new contact', () => {
    expect(splitNameAndNumber('Joana Silva 5511 98888-7777')).toEqual({
      name: 'Joana Silva',
      number: '5511988887777',
    });
    expect(splitNameAndNumber('Joana')).toEqual({ name: 'Joana', number: '' });
  });
});
