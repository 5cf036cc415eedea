import type { OpenAiSettings } from '@zelo/contracts/flows/graph';
import type { AutomationEndReason, AutomationReply } from '@zelo/contracts/tickets/events';
import { getQueueIntegrationForRuntime } from '@zelo/projections/queue-integrations/queries';
import { appendSaying } from '../chatbot/said.ts';
import { loadContact } from '../contacts/handlers.ts';
import type { RecordedEvent } from '../event-store/port.ts';
import { unsealOpenAiSettings } from '../flows/node-keys.ts';
import { localMediaStorage, type MediaStorage, mediaDirFromEnv } from '../media/storage.ts';
import type { Deps } from '../platform/command-handler.ts';
import { load, retryOnConflict } from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import { idFromName } from '../platform/ids.ts';
import { secretBox } from '../platform/secret-box.ts';
import { answerWithPrompt, type RuntimePrompt, transcribe } from '../prompts/answer.ts';
import { loadPromptForRuntime, promptHistory } from '../prompts/runtime.ts';
import { detectIntent, dialogflowConfigFromEnv } from '../queue-integrations/dialogflow.ts';
import { jsonContentContext } from '../queue-integrations/sealing.ts';
import { runTypebotTurn } from '../queue-integrations/typebot.ts';
import type { TypebotSession } from '../queue-integrations/typebot-session.ts';
import type { AutomationStep } from '../tickets/domain/automation.ts';
import { decideTicket } from '../tickets/domain/decide-ticket.ts';
import { loadTicket, runTicketCommand, ticketAggregate, ticketStreamId } from '../tickets/handlers.ts';
import type { RunMessage } from './dispatcher.ts';

/** The message a run's reply `i` of step `stepId` is queued under: the same on every retry. */
export const replyMessageId = (runId: string, stepId: string, i: number) =>
  idFromName('automation-reply', `${runId}:${stepId}:${i}`);

// The services' side of a ticket automation run (workflows' AutomationActivityDeps): the ticket's
// commands, and one turn of an external agent through the AI and integrations engineers' clients.

interface RunRef {
  ticketId: string;
  companyId: string;
  runId: string;
}
type Agent =
  | { kind: 'prompt'; promptId: string }
  | { kind: 'openai'; settings: OpenAiSettings; flowId: string; nodeId: string }
  | { kind: 'typebot'; integrationId: string }
  | { kind: 'dialogflow'; integrationId: string };
interface AgentAnswer {
  replies: AutomationReply[];
  delayMs?: number;
  end: { reason: 'handover' | 'finished'; queueId: string | null } | null;
}

/** Where a Typebot session lives between turns: a variable of the run. */
const TYPEBOT_SESSION = '__typebotSession';

/** Where the ticket recorded the newest of `steps`' replies by `runId`, if any was said before. */
function lastSaid(events: RecordedEvent[], runId: string, steps: AutomationStep[]): string | null {
  const stepIds = new Set(steps.flatMap((s) => ('stepId' in s ? [s.stepId] : [])));
  if (stepIds.size === 0) return null;
  for (let i = events.length - 1; i >= 0; i--) {
    const { type, data, position } = events[i];
    const said = data as { runId?: string; stepId?: string };
    if (type === 'TicketAutomationReplied' && said.runId === runId && stepIds.has(said.stepId ?? ''))
      return position;
  }
  return null;
}

export function automationRuntime(
  deps: Deps,
  pool: Pool,
  secret: string,
  /** Where the customers' media are stored (a voice note is read from it to be transcribed). */
  media: Pick<MediaStorage, 'read'> = localMediaStorage(mediaDirFromEnv(), deps.clock),
) {
  const who = (run: RunRef) => ({ companyId: run.companyId, actor: `system:automation:${run.runId}` });
  const holds = (state: Awaited<ReturnType<typeof loadTicket>>, runId: string) =>
    state.kind === 'exists' && !state.deleted && state.automation?.runId === runId;

  return {
    async reply(run: RunRef, stepId: string, replies: AutomationReply[]): Promise<boolean> {
      const command = { type: 'ReplyFromAutomation' as const, runId: run.runId, stepId, replies };
      return holds((await runTicketCommand(deps, run.ticketId, command, who(run))).state, run.runId);
    },
    async setVariable(run: RunRef, key: string, value: string): Promise<boolean> {
      const command = { type: 'SetTicketVariable' as const, runId: run.runId, key, value };
      return holds((await runTicketCommand(deps, run.ticketId, command, who(run))).state, run.runId);
    },
    async end(run: RunRef, reason: AutomationEndReason, queueId: string | null): Promise<void> {
      const command = { type: 'EndAutomation' as const, runId: run.runId, reason, queueId };
      await runTicketCommand(deps, run.ticketId, command, who(run));
    },
    async advance(
      run: RunRef,
      steps: AutomationStep[],
      end: { reason: AutomationEndReason; queueId: string | null } | null,
    ): Promise<{ held: boolean; saidAt: string | null }> {
      // Each reply's message id is fixed before the append, so the run queues its replies itself at
      // once (the replies reactor only makes up for an activity that stopped in between).
      const named = steps.map((s) =>
        'stepId' in s
          ? { ...s, messageIds: s.replies.map((_, i) => replyMessageId(run.runId, s.stepId, i)) }
          : s,
      );
      const command = { type: 'AdvanceAutomation' as const, runId: run.runId, steps: named, end };
      // The ticket's events and the replies' messages in one write (one commit to wait for).
      return retryOnConflict(undefined, async () => {
        const known = await load(deps.store, ticketStreamId(run.ticketId), ticketAggregate);
        const events = decideTicket(command, known.state);
        // Said already (a retried workflow task runs its local activity again): where it was said then.
        const saidBefore = () => lastSaid(known.events, run.runId, steps);
        if (events.length === 0) return { held: holds(known.state, run.runId), saidAt: saidBefore() };
        const said = events.map((e) => (e.type === 'TicketAutomationReplied' ? e.data.replies : []));
        const { state, position } = await appendSaying(deps, run.ticketId, known, events, said, who(run));
        const saidNow = events.some((e) => e.type === 'TicketAutomationReplied');
        return { held: holds(state, run.runId), saidAt: saidNow ? position : saidBefore() };
      });
    },
    async ask(run: RunRef, agent: Agent, message: RunMessage): Promise<AgentAnswer> {
      switch (agent.kind) {
        case 'prompt': {
          const prompt = await loadPromptForRuntime(pool, run.companyId, agent.promptId, secret);
          if (!prompt) return { replies: [], end: { reason: 'finished', queueId: null } };
          return askPrompt(run, prompt, message);
        }
        case 'openai': {
          const s = agent.settings;
          const at = { companyId: run.companyId, flowId: agent.flowId, nodeId: agent.nodeId };
          const { apiKey } = unsealOpenAiSettings(secret, at, s);
          const prompt: RuntimePrompt = {
            id: run.runId,
            name: s.name,
            prompt: s.prompt,
            model: 'gpt-3.5-turbo-1106',
            maxTokens: Number(s.maxTokens) || 100,
            temperature: Number(s.temperature) || 1,
            apiKey,
            queueId: s.queueId === undefined || s.queueId === null ? null : String(s.queueId),
            maxMessages: Number(s.maxMessages) || 10,
          };
          return askPrompt(run, prompt, message);
        }
        case 'typebot':
          return askTypebot(run, agent.integrationId, message);
        case 'dialogflow':
          return askDialogflow(run, agent.integrationId, message);
      }
    },
  };

  async function contactOf(ticketId: string) {
    const ticket = await loadTicket(deps, ticketId);
    if (ticket.kind !== 'exists') return { name: '', number: '', variables: {} as Record<string, string> };
    const contact = await loadContact(deps, ticket.contactId);
    const c = contact.kind === 'exists' ? contact : null;
    return {
      name: c?.name ?? '',
      number: (c as { number?: string } | null)?.number ?? '',
      variables: ticket.automation?.variables ?? {},
    };
  }

  async function askPrompt(run: RunRef, prompt: RuntimePrompt, message: RunMessage): Promise<AgentAnswer> {
    const contact = await contactOf(run.ticketId);
    const history = await promptHistory(
      pool,
      run.companyId,
      run.ticketId,
      prompt.maxMessages,
      message.messageId,
    );
    const answer = await answerWithPrompt({
      prompt,
      history,
      message: await heard(message, prompt.apiKey),
      contactName: contact.name,
    });
    const replies = answer.text ? [{ body: answer.text }] : [];
    return { replies, end: answer.transfer ? { reason: 'handover', queueId: prompt.queueId } : null };
  }

  /** What the customer said: a voice note's words (whisper-1), any other message as it came. */
  async function heard(message: RunMessage, apiKey: string): Promise<string> {
    if (message.mediaType !== 'audio' || !message.mediaUrl) return message.body;
    const audio = await media.read(message.mediaUrl);
    if (!audio) throw new Error(`the voice note ${message.mediaUrl} is not in the media storage`);
    const filename = message.mediaUrl.split('/').pop() || 'voice.ogg';
    return transcribe({ audio, filename, apiKey });
  }

  async function integration(run: RunRef, integrationId: string) {
    const found = await getQueueIntegrationForRuntime(pool, run.companyId, integrationId);
    if (!found) throw new Error(`integration ${integrationId} not found`);
    return found;
  }

  async function askTypebot(run: RunRef, integrationId: string, message: RunMessage): Promise<AgentAnswer> {
    const { fields } = await integration(run, integrationId);
    const contact = await contactOf(run.ticketId);
    const stored = contact.variables[TYPEBOT_SESSION];
    const session = stored ? (JSON.parse(stored) as TypebotSession) : null;
    const turn = await runTypebotTurn({
      session,
      message: { body: message.body, mediaType: message.mediaType },
      integration: fields,
      contact: { number: contact.number, pushName: contact.name },
      now: deps.clock.now(),
    });
    const command = {
      type: 'SetTicketVariable' as const,
      runId: run.runId,
      key: TYPEBOT_SESSION,
      value: turn.session ? JSON.stringify(turn.session) : '',
    };
    await runTicketCommand(deps, run.ticketId, command, who(run));
    return {
      replies: turn.replies,
      delayMs: turn.delayMs,
      end: turn.ended ? { reason: 'finished', queueId: null } : null,
    };
  }

  async function askDialogflow(
    run: RunRef,
    integrationId: string,
    message: RunMessage,
  ): Promise<AgentAnswer> {
    const found = await integration(run, integrationId);
    const jsonContent = found.sealedJsonContent
      ? secretBox(secret).open(found.sealedJsonContent, jsonContentContext(integrationId))
      : '';
    const result = await detectIntent(
      {
        jsonContent,
        projectName: found.fields.projectName,
        language: found.fields.language,
        sessionId: run.ticketId,
        text: message.body,
      },
      dialogflowConfigFromEnv(),
    );
    const replies = result.fulfillmentText ? [{ body: result.fulfillmentText }] : [];
    return { replies, end: result.endConversation ? { reason: 'finished', queueId: null } : null };
  }
}
