import type { AutomationKind, AutomationTrigger } from '@zelo/contracts/tickets/events';
import { getConnectionSettings } from '@zelo/projections/connections/queries';
import { phraseCampaignFor } from '@zelo/projections/flows/queries';
import { getQueueIntegrationForRuntime } from '@zelo/projections/queue-integrations/queries';
import type { Pool } from '../platform/db.ts';
import type { Existing } from '../tickets/domain/ticket.ts';
import { directReads, type TriggerReads } from './trigger-reads.ts';

/** Which automation takes a ticket, and why. */
export interface AutomationChoice {
  kind: AutomationKind;
  refId: string;
  trigger: AutomationTrigger;
}

/**
 * Who answers a customer's message on a ticket no automation holds (BEHAVIOUR.md "Flow builder runtime",
 * "AI prompts", "Queue integrations"), in this order: a phrase campaign of that connection; the ticket's
 * queue's integration or prompt; without a queue, the connection's integration or prompt; the
 * connection's welcome flow on a contact's first ticket there. Null: the queue chatbot, as before.
 * Only a phrase starts a run on a ticket an automation already let go of (pending for a human).
 */
export async function chooseAutomation(
  pool: Pool,
  ticket: Existing,
  body: string,
  reads: TriggerReads = directReads(pool),
): Promise<AutomationChoice | null> {
  const { companyId, whatsappId } = ticket;
  const phrase = body.trim()
    ? phraseCampaignFor(await reads.phraseCampaigns(companyId, whatsappId), body)
    : null;
  if (phrase) return { kind: 'flow', refId: phrase.flowId, trigger: 'phrase' };
  if (ticket.automationRuns.length > 0) return null;
  if (ticket.queueId) return queueAutomation(pool, companyId, ticket.queueId, 'queue', reads);
  const connection = await getConnectionSettings(pool, whatsappId);
  if (!connection) return null;
  const linked = await linkedAutomation(pool, companyId, connection, 'connection');
  if (linked) return linked;
  if (connection.flowIdWelcome && (await isFirstTicket(pool, ticket)))
    return { kind: 'flow', refId: connection.flowIdWelcome, trigger: 'welcome' };
  return null;
}

/** The automation of a queue: its integration (a flow, a Typebot, a Dialogflow agent), else its prompt. */
export async function queueAutomation(
  pool: Pool,
  companyId: string,
  queueId: string,
  trigger: AutomationTrigger,
  reads: TriggerReads = directReads(pool),
): Promise<AutomationChoice | null> {
  const queue = await reads.queue(companyId, queueId);
  return queue ? linkedAutomation(pool, companyId, queue, trigger) : null;
}

async function linkedAutomation(
  pool: Pool,
  companyId: string,
  links: { integrationId?: string | null; promptId?: string | null },
  trigger: AutomationTrigger,
): Promise<AutomationChoice | null> {
  if (links.integrationId) {
    const integration = await getQueueIntegrationForRuntime(pool, companyId, links.integrationId);
    const f = integration?.fields;
    // webhook and n8n only hear the messages (their own reactor); they never answer.
    if (f?.type === 'flowbuilder' && f.flowId) return { kind: 'flow', refId: f.flowId, trigger };
    if (f?.type === 'typebot' || f?.type === 'dialogflow')
      return { kind: f.type, refId: links.integrationId, trigger };
  }
  if (links.promptId) return { kind: 'prompt', refId: links.promptId, trigger };
  return null;
}

async function isFirstTicket(pool: Pool, ticket: Existing): Promise<boolean> {
  const { rows } = await pool.query(
    'SELECT 1 FROM tickets WHERE contact_id = $1 AND whatsapp_id = $2 AND id <> $3 LIMIT 1',
    [ticket.contactId, ticket.whatsappId, ticket.ticketId],
  );
  return rows.length === 0;
}
