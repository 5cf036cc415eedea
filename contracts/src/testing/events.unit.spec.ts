import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { type EventType, eventSchema, eventUnions } from '../events.ts';
import { eventBuilders, ticketCreated } from './events.ts';

const contractTypes = eventUnions.flatMap((union) =>
  union.options.map((option) => option.entries.type.literal as EventType),
);

describe('event builders', () => {
  it('cover every event type of the contracts, and nothing else', () => {
    expect(Object.keys(eventBuilders).sort()).toEqual([...contractTypes].sort());
  });

  it.each(contractTypes)('%s: the defaults pass the contract schema unchanged', (type) => {
    const built = eventBuilders[type]();
    const schema = eventSchema(type);
    if (!schema) throw new Error(`no schema for ${type}`);
    const parsed = v.safeParse(schema, built);
    expect(parsed.issues?.map((issue) => issue.message)).toBeUndefined();
    expect(parsed.output).toEqual(built);
  });

  it('override the data they are given and keep the other defaults', () => {
    const ticketId = '00000000-0000-4000-8000-0000000000aa';
    const built = ticketCreated({ ticketId, status: 'open' });
    expect(built).toMatchObject({
      type: 'TicketCreated',
      data: { ticketId, status: 'open', isGroup: false },
    });
  });

  it('give a fresh id on each call', () => {
    expect(ticketCreated().data.ticketId).not.toBe(ticketCreated().data.ticketId);
  });
});
