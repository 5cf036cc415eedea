import { DomainError } from '@zelo/contracts/errors';
import { expect } from 'vitest';

/**
 * Decider specs read as given(events).when(command).then(events) / .thenThrows(code), as in Emmett.
 */
export function decider<S, C, E>(d: {
  initialState: () => S;
  evolve: (s: S, e: E) => S;
  decide: (c: C, s: S) => E[];
}) {
  return {
    given(events: E[] = []) {
      const state = events.reduce(d.evolve, d.initialState());
      return {
        when(command: C) {
          const run = () => d.decide(command, state);
          return {
            then(expected: E[]) {
              expect(run()).toEqual(expected);
            },
            thenNothing() {
              expect(run()).toEqual([]);
            },
            thenThrows(code: DomainError['code']) {
              let thrown: unknown;
              try {
                run();
              } catch (err) {
                thrown = err;
              }
              expect(thrown).toBeInstanceOf(DomainError);
              expect((thrown as DomainError).code).toBe(code);
            },
          };
        },
      };
    },
  };
}
