import type { HelpEvent } from '@zelo/contracts/helps/events';
import { helpCreated, helpDeleted, helpUpdated } from '@zelo/contracts/testing/events';
import { describe, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import { decideHelp, evolveHelp, type HelpCommand, type HelpState, initialHelpState } from './helps.ts';

const spec = decider<HelpState, HelpCommand, HelpEvent>({
  initialState: initialHelpState,
  evolve: evolveHelp,
  decide: decideHelp,
});

const helpId = '00000000-0000-4000-8000-000000000030';
const help = { helpId, title: 'Conexões', video: 'dQw4w9WgXcQ', description: 'Como conectar' };
const created = helpCreated(help);

describe('Helps', () => {
  describe('When the help does not exist', () => {
    it('it is created', () => spec.given([]).when({ type: 'CreateHelp', help }).then([created]));
    it('updating refuses with ERR_NO_HELP_FOUND', () =>
      spec.given([]).when({ type: 'UpdateHelp', help }).thenThrows('ERR_NO_HELP_FOUND'));
    it('deleting refuses with ERR_NO_HELP_FOUND', () =>
      spec.given([]).when({ type: 'DeleteHelp', helpId }).thenThrows('ERR_NO_HELP_FOUND'));
  });

  describe('When it exists', () => {
    it('a retried create decides nothing', () =>
      spec.given([created]).when({ type: 'CreateHelp', help }).then([]));
    it('it is updated', () =>
      spec
        .given([created])
        .when({ type: 'UpdateHelp', help: { ...help, title: 'Filas' } })
        .then([helpUpdated({ ...help, title: 'Filas' })]));
    it('an update that changes nothing decides nothing', () =>
      spec.given([created]).when({ type: 'UpdateHelp', help }).then([]));
    it('it is deleted', () =>
      spec
        .given([created])
        .when({ type: 'DeleteHelp', helpId })
        .then([helpDeleted({ helpId })]));
  });

  describe('When deleted', () => {
    it('updating refuses with ERR_NO_HELP_FOUND', () =>
      spec
        .given([created, helpDeleted({ helpId })])
        .when({ type: 'UpdateHelp', help })
        .thenThrows('ERR_NO_HELP_FOUND'));
    it('it cannot come back under the same id', () =>
      spec
        .given([created, helpDeleted({ helpId })])
        .when({ type: 'CreateHelp', help })
        .then([]));
  });
});
