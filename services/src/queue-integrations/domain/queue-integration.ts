import { DomainError } from '@zelo/contracts/errors';
import type {
  QueueIntegrationEvent,
  QueueIntegrationFields,
} from '@zelo/contracts/queue-integrations/events';

/** One queue integration, stream `queueintegration-<integrationId>`. */
export interface QueueIntegrationState {
  companyId: string | null;
  fields: QueueIntegrationFields | null;
  sealedJsonContent: string | null;
  deleted: boolean;
}

export const queueIntegrationStreamId = (integrationId: string) => `queueintegration-${integrationId}`;
export const initialQueueIntegrationState = (): QueueIntegrationState => ({
  companyId: null,
  fields: null,
  sealedJsonContent: null,
  deleted: false,
});

export function evolveQueueIntegration(
  state: QueueIntegrationState,
  event: QueueIntegrationEvent,
): QueueIntegrationState {
  switch (event.type) {
    case 'QueueIntegrationCreated':
    case 'QueueIntegrationUpdated': {
      const { companyId, fields, sealedJsonContent } = event.data;
      return { ...state, companyId, fields, sealedJsonContent };
    }
    case 'QueueIntegrationDeleted':
      return { ...state, deleted: true };
  }
}

export type QueueIntegrationCommand =
  | {
      type: 'CreateQueueIntegration';
      companyId: string;
      integrationId: string;
      fields: QueueIntegrationFields;
      /** The service-account JSON sealed by the handler; null: none was given. */
      sealedJsonContent: string | null;
      sealedSecret: string;
    }
  | {
      type: 'UpdateQueueIntegration';
      companyId: string;
      integrationId: string;
      fields: QueueIntegrationFields;
      /** null: keep the stored one (the dialog sent the mask or nothing). */
      sealedJsonContent: string | null;
    }
  | { type: 'DeleteQueueIntegration'; companyId: string; integrationId: string };

type Cmd<T extends QueueIntegrationCommand['type']> = Extract<QueueIntegrationCommand, { type: T }>;

const notFound = () => new DomainError('ERR_NO_QUEUE_INTEGRATION_FOUND', 'queue integration not found');

/** Another company's integration, a deleted one or none: "not found", whatever the id. */
function existing(state: QueueIntegrationState, companyId: string) {
  if (state.companyId !== companyId || state.deleted || !state.fields) throw notFound();
  return state.fields;
}

/** A Dialogflow agent cannot run without its service account; other types keep none. */
function credentialsFor(fields: QueueIntegrationFields, sealed: string | null): string | null {
  if (fields.type !== 'dialogflow') return null;
  if (!sealed)
    throw new DomainError('ERR_VALIDATION', 'jsonContent: required for dialogflow', {
      fields: [{ field: 'jsonContent', message: 'required for dialogflow' }],
    });
  return sealed;
}

function create(
  command: Cmd<'CreateQueueIntegration'>,
  state: QueueIntegrationState,
): QueueIntegrationEvent[] {
  const { companyId, integrationId, fields, sealedSecret } = command;
  // A repeated create (a retried request with the same id) changes nothing.
  if (state.companyId !== null) return [];
  const sealedJsonContent = credentialsFor(fields, command.sealedJsonContent);
  return [
    {
      type: 'QueueIntegrationCreated',
      data: { integrationId, companyId, fields, sealedJsonContent, sealedSecret },
    },
  ];
}

function update(
  command: Cmd<'UpdateQueueIntegration'>,
  state: QueueIntegrationState,
): QueueIntegrationEvent[] {
  const { companyId, integrationId, fields } = command;
  const before = existing(state, companyId);
  const sealedJsonContent = credentialsFor(fields, command.sealedJsonContent ?? state.sealedJsonContent);
  const same =
    JSON.stringify(fields) === JSON.stringify(before) && sealedJsonContent === state.sealedJsonContent;
  if (same) return [];
  return [{ type: 'QueueIntegrationUpdated', data: { integrationId, companyId, fields, sealedJsonContent } }];
}

function remove(
  command: Cmd<'DeleteQueueIntegration'>,
  state: QueueIntegrationState,
): QueueIntegrationEvent[] {
  const { companyId, integrationId } = command;
  existing(state, companyId);
  return [{ type: 'QueueIntegrationDeleted', data: { integrationId, companyId } }];
}

export function decideQueueIntegration(
  command: QueueIntegrationCommand,
  state: QueueIntegrationState,
): QueueIntegrationEvent[] {
  switch (command.type) {
    case 'CreateQueueIntegration':
      return create(command, state);
    case 'UpdateQueueIntegration':
      return update(command, state);
    case 'DeleteQueueIntegration':
      return remove(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
