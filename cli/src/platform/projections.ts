import { allProjections } from '@zelo/projections/registry';
import type { Projection } from '@zelo/projections/runner';

/** The projections the CLI can show and replay: exactly the ones the runner keeps. */
export function knownProjections(): Projection[] {
  return allProjections();
}
