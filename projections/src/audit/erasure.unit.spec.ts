import { eventBuilders } from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { personalFields, redactedValue } from '../../../services/src/privacy/personal-fields.ts';
import { ERASED_FIELDS, SHREDDED_FIELDS } from './erasure.ts';

// The audit trail rewrites its rows as the sealing store reads the events once their keys are gone:
// the same fields, the same values, for every event the trail keeps (those that name a ticket).
describe("the audit trail's erasure follows the store's inventory of personal fields", () => {
  const namesTicket = (type: string) =>
    'ticketId' in ((eventBuilders as Record<string, (o?: object) => { data: object }>)[type]?.().data ?? {});
  const inventory = (shredded: boolean) =>
    Object.fromEntries(
      Object.entries(personalFields)
        .filter(([type]) => namesTicket(type))
        .map(([type, spec]) => [
          type,
          Object.fromEntries(
            spec.groups
              .filter((g) => !shredded || g.content)
              .flatMap((g) => Object.entries(g.fields))
              .map(([field, r]) => [field, redactedValue(r, shredded)]),
          ),
        ])
        .filter(([, fields]) => Object.keys(fields).length > 0),
    );

  it('erases what an erasure makes unreadable', () => {
    expect(ERASED_FIELDS).toEqual(inventory(false));
  });

  it('shreds what retention makes unreadable', () => {
    expect(SHREDDED_FIELDS).toEqual(inventory(true));
  });
});
