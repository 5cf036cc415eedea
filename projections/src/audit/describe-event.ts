// One line saying what an event did to its ticket, in the reader's language: the auditors' history
// in the web app asks in pt, en or es (the app's languages), the operators' CLI in English.

import type { AnyEvent } from '@zelo/contracts/events';
import type { TicketTransferred } from '@zelo/contracts/tickets/events';

export type HistoryLanguage = 'pt' | 'en' | 'es';
type NameOf = (id: string) => string;

interface Phrases {
  status: Record<string, string>;
  /** No queue (or connection). */
  none: string;
  /** No agent. */
  nobody: string;
  empty: string;
  inQueue: (queue: string) => string;
  created: (status: string, user: string | null) => string;
  accepted: (user: string) => string;
  returned: (user: string | null) => string;
  transferred: (parts: string[]) => string;
  moveQueue: (from: string, to: string) => string;
  moveUser: (from: string, to: string) => string;
  moveConnection: (from: string, to: string) => string;
  closed: (reason: 'rated' | 'unrated' | 'inactive' | 'campaign' | null, user: string | null) => string;
  botAnswered: (stage: string | undefined, replies: string) => string;
  botMoved: (stage: string | null) => string;
  botEnded: (reason: string) => string;
  queueAssigned: (byTimer: boolean, queue: string) => string;
  ratingRequested: (user: string | null) => string;
  ratingReasked: string;
  rated: (rate: number) => string;
  reopened: (user: string | null) => string;
  deleted: string;
  read: (user: string) => string;
  received: (sender: string | null, text: string) => string;
  queued: (user: string | null, text: string) => string;
  sent: (attempts: number) => string;
  failed: (attempts: number, reason: string) => string;
  ack: (ack: number) => string;
  messageDeleted: (user: string | null) => string;
  phone: (text: string) => string;
  edited: (before: string, after: string) => string;
  claimed: (reason: string, status: string) => string;
  automationStarted: (kind: string, trigger: string) => string;
  automationReplied: (replies: string) => string;
  variableSet: (key: string, value: string) => string;
  automationEnded: (reason: string) => string;
  automationQueue: (queue: string) => string;
  /** An SLA target's name (issue 24). */
  slaTarget: Record<string, string>;
  slaWarned: (target: string) => string;
  slaBreached: (target: string) => string;
}

const en: Phrases = {
  status: { pending: 'pending', open: 'open', closed: 'closed' },
  none: 'none',
  nobody: 'none',
  empty: '(empty)',
  inQueue: (q) => ` in queue ${q}`,
  created: (s, u) => `created as ${s}${u ? ` for ${u}` : ''}`,
  accepted: (u) => `accepted by ${u}`,
  returned: (u) => (u ? `returned to pending by ${u}` : 'returned to pending'),
  transferred: (parts) =>
    parts.length ? `transferred ${parts.join(', ')}` : 'transferred (placement unchanged)',
  moveQueue: (a, b) => `from queue ${a} to queue ${b}`,
  moveUser: (a, b) => `from user ${a} to user ${b}`,
  moveConnection: (a, b) => `from connection ${a} to connection ${b}`,
  closed: (r, u) =>
    `closed${r ? { rated: ' after the rating', unrated: ' without a rating', inactive: ' for inactivity', campaign: ' after the campaign message' }[r] : ''}${u ? ` (was with ${u})` : ''}`,
  botAnswered: (stage, replies) => `chatbot answered (${stage}): ${replies}`,
  botMoved: (stage) => (stage === 'ended' ? 'chatbot stopped' : `chatbot moved on (${stage})`),
  botEnded: (r) =>
    `chatbot stopped (${{ maxUse: 'too many wrong answers', timeout: 'time limit', transferred: 'transferred' }[r] ?? r})`,
  queueAssigned: (timer, q) => `${timer ? 'moved unanswered' : 'put by the chatbot'} in queue ${q}`,
  ratingRequested: (u) => `rating asked${u ? ` for ${u}` : ''}`,
  ratingReasked: 'rating asked again (the answer was not 1, 2 or 3)',
  rated: (n) => `rated ${n} (${['', 'unsatisfied', 'satisfied', 'very satisfied'][n] ?? ''})`,
  reopened: (u) => `reopened${u ? ` for ${u}` : ''}`,
  deleted: 'deleted',
  read: (u) => `messages read by ${u}`,
  received: (s, t) => `message received${s ? ` from ${s}` : ''}: ${t}`,
  queued: (u, t) => `message queued${u ? ` by ${u}` : ''}: ${t}`,
  sent: (n) => (n > 1 ? `message sent after ${n} attempts` : 'message sent'),
  failed: (n, r) => `message failed after ${n} attempt${n === 1 ? '' : 's'}: ${r}`,
  ack: (a) =>
    `message ${['queued', 'sent to the server', 'delivered', 'read', 'played', 'played'][a] ?? `acknowledged (${a})`}`,
  messageDeleted: (u) => `message deleted${u ? ` by ${u}` : ''}`,
  phone: (t) => `message typed on the business phone: ${t}`,
  edited: (a, b) => `message edited: ${a} → ${b}`,
  claimed: (r, s) => `conversation claimed the ticket (${r}) as ${s}`,
  automationStarted: (k, t) =>
    `${{ flow: 'flow', prompt: 'AI prompt', typebot: 'Typebot', dialogflow: 'Dialogflow' }[k] ?? k} took the ticket (${{ phrase: 'phrase campaign', queue: "the queue's", connection: "the connection's", welcome: 'welcome flow', chatbot: 'queue chosen in the chatbot' }[t] ?? t})`,
  automationReplied: (r) => `automation said: ${r}`,
  variableSet: (k, v) => `answer kept as {{${k}}}: ${v}`,
  automationEnded: (r) =>
    `automation ended (${{ finished: 'the flow ended', handover: 'handed to a human', timeout: 'no reply in time', failed: 'the external service failed', accepted: 'an agent accepted', transferred: 'transferred', closed: 'closed' }[r] ?? r})`,
  automationQueue: (q) => `put by the automation in queue ${q}`,
  slaTarget: { firstResponse: 'first response', nextResponse: 'next response', resolution: 'resolution' },
  slaWarned: (t) => `SLA warning: ${t} at 80 % of its target`,
  slaBreached: (t) => `SLA breached: ${t} target passed`,
};

const pt: Phrases = {
  status: { pending: 'aguardando', open: 'em atendimento', closed: 'resolvido' },
  none: 'nenhuma',
  nobody: 'ninguém',
  empty: '(vazia)',
  inQueue: (q) => ` na fila ${q}`,
  created: (s, u) => `criado como ${s}${u ? ` para ${u}` : ''}`,
  accepted: (u) => `aceito por ${u}`,
  returned: (u) => (u ? `devolvido para aguardando por ${u}` : 'devolvido para aguardando'),
  transferred: (parts) => (parts.length ? `transferido ${parts.join(', ')}` : 'transferido (sem mudança)'),
  moveQueue: (a, b) => `da fila ${a} para a fila ${b}`,
  moveUser: (a, b) => `do atendente ${a} para o atendente ${b}`,
  moveConnection: (a, b) => `da conexão ${a} para a conexão ${b}`,
  closed: (r, u) =>
    `resolvido${r ? { rated: ' após a avaliação', unrated: ' sem avaliação', inactive: ' por inatividade', campaign: ' após a mensagem da campanha' }[r] : ''}${u ? ` (estava com ${u})` : ''}`,
  botAnswered: (stage, replies) => `chatbot respondeu (${stage}): ${replies}`,
  botMoved: (stage) => (stage === 'ended' ? 'chatbot encerrado' : `chatbot avançou (${stage})`),
  botEnded: (r) =>
    `chatbot encerrado (${{ maxUse: 'respostas inválidas demais', timeout: 'tempo esgotado', transferred: 'transferido' }[r] ?? r})`,
  queueAssigned: (timer, q) => `${timer ? 'movido sem resposta' : 'colocado pelo chatbot'} na fila ${q}`,
  ratingRequested: (u) => `avaliação pedida${u ? ` para ${u}` : ''}`,
  ratingReasked: 'avaliação pedida de novo (a resposta não foi 1, 2 ou 3)',
  rated: (n) => `avaliado com ${n} (${['', 'insatisfeito', 'satisfeito', 'muito satisfeito'][n] ?? ''})`,
  reopened: (u) => `reaberto${u ? ` para ${u}` : ''}`,
  deleted: 'excluído',
  read: (u) => `mensagens lidas por ${u}`,
  received: (s, t) => `mensagem recebida${s ? ` de ${s}` : ''}: ${t}`,
  queued: (u, t) => `mensagem na fila de envio${u ? ` por ${u}` : ''}: ${t}`,
  sent: (n) => (n > 1 ? `mensagem enviada após ${n} tentativas` : 'mensagem enviada'),
  failed: (n, r) => `falha no envio após ${n} tentativa${n === 1 ? '' : 's'}: ${r}`,
  ack: (a) =>
    `mensagem ${['na fila', 'enviada ao servidor', 'entregue', 'lida', 'reproduzida', 'reproduzida'][a] ?? `confirmada (${a})`}`,
  messageDeleted: (u) => `mensagem apagada${u ? ` por ${u}` : ''}`,
  phone: (t) => `mensagem digitada no celular da empresa: ${t}`,
  edited: (a, b) => `mensagem editada: ${a} → ${b}`,
  claimed: (r, s) => `conversa assumiu o ticket (${r}) como ${s}`,
  automationStarted: (k, t) =>
    `${{ flow: 'fluxo', prompt: 'prompt de IA', typebot: 'Typebot', dialogflow: 'Dialogflow' }[k] ?? k} assumiu o ticket (${{ phrase: 'campanha por frase', queue: 'da fila', connection: 'da conexão', welcome: 'fluxo de boas-vindas', chatbot: 'fila escolhida no chatbot' }[t] ?? t})`,
  automationReplied: (r) => `automação disse: ${r}`,
  variableSet: (k, v) => `resposta guardada em {{${k}}}: ${v}`,
  automationEnded: (r) =>
    `automação encerrada (${{ finished: 'fim do fluxo', handover: 'passou para um atendente', timeout: 'sem resposta a tempo', failed: 'o serviço externo falhou', accepted: 'um atendente aceitou', transferred: 'transferido', closed: 'resolvido' }[r] ?? r})`,
  automationQueue: (q) => `colocado pela automação na fila ${q}`,
  slaTarget: {
    firstResponse: 'primeira resposta',
    nextResponse: 'próxima resposta',
    resolution: 'resolução',
  },
  slaWarned: (t) => `alerta de SLA: ${t} em 80 % do prazo`,
  slaBreached: (t) => `SLA estourado: prazo de ${t} vencido`,
};

const es: Phrases = {
  status: { pending: 'en espera', open: 'en atención', closed: 'resuelto' },
  none: 'ninguna',
  nobody: 'nadie',
  empty: '(vacío)',
  inQueue: (q) => ` en la cola ${q}`,
  created: (s, u) => `creado como ${s}${u ? ` para ${u}` : ''}`,
  accepted: (u) => `aceptado por ${u}`,
  returned: (u) => (u ? `devuelto a espera por ${u}` : 'devuelto a espera'),
  transferred: (parts) => (parts.length ? `transferido ${parts.join(', ')}` : 'transferido (sin cambios)'),
  moveQueue: (a, b) => `de la cola ${a} a la cola ${b}`,
  moveUser: (a, b) => `del agente ${a} al agente ${b}`,
  moveConnection: (a, b) => `de la conexión ${a} a la conexión ${b}`,
  closed: (r, u) =>
    `resuelto${r ? { rated: ' tras la valoración', unrated: ' sin valoración', inactive: ' por inactividad', campaign: ' tras el mensaje de la campaña' }[r] : ''}${u ? ` (estaba con ${u})` : ''}`,
  botAnswered: (stage, replies) => `chatbot respondió (${stage}): ${replies}`,
  botMoved: (stage) => (stage === 'ended' ? 'chatbot detenido' : `chatbot avanzó (${stage})`),
  botEnded: (r) =>
    `chatbot detenido (${{ maxUse: 'demasiadas respuestas inválidas', timeout: 'tiempo agotado', transferred: 'transferido' }[r] ?? r})`,
  queueAssigned: (timer, q) => `${timer ? 'movido sin respuesta' : 'puesto por el chatbot'} en la cola ${q}`,
  ratingRequested: (u) => `valoración pedida${u ? ` para ${u}` : ''}`,
  ratingReasked: 'valoración pedida otra vez (la respuesta no fue 1, 2 o 3)',
  rated: (n) => `valorado con ${n} (${['', 'insatisfecho', 'satisfecho', 'muy satisfecho'][n] ?? ''})`,
  reopened: (u) => `reabierto${u ? ` para ${u}` : ''}`,
  deleted: 'eliminado',
  read: (u) => `mensajes leídos por ${u}`,
  received: (s, t) => `mensaje recibido${s ? ` de ${s}` : ''}: ${t}`,
  queued: (u, t) => `mensaje en cola de envío${u ? ` por ${u}` : ''}: ${t}`,
  sent: (n) => (n > 1 ? `mensaje enviado tras ${n} intentos` : 'mensaje enviado'),
  failed: (n, r) => `fallo de envío tras ${n} intento${n === 1 ? '' : 's'}: ${r}`,
  ack: (a) =>
    `mensaje ${['en cola', 'enviado al servidor', 'entregado', 'leído', 'reproducido', 'reproducido'][a] ?? `confirmado (${a})`}`,
  messageDeleted: (u) => `mensaje borrado${u ? ` por ${u}` : ''}`,
  phone: (t) => `mensaje escrito en el teléfono de la empresa: ${t}`,
  edited: (a, b) => `mensaje editado: ${a} → ${b}`,
  claimed: (r, s) => `la conversación tomó el ticket (${r}) como ${s}`,
  automationStarted: (k, t) =>
    `${{ flow: 'flujo', prompt: 'prompt de IA', typebot: 'Typebot', dialogflow: 'Dialogflow' }[k] ?? k} tomó el ticket (${{ phrase: 'campaña por frase', queue: 'de la cola', connection: 'de la conexión', welcome: 'flujo de bienvenida', chatbot: 'cola elegida en el chatbot' }[t] ?? t})`,
  automationReplied: (r) => `la automatización dijo: ${r}`,
  variableSet: (k, v) => `respuesta guardada en {{${k}}}: ${v}`,
  automationEnded: (r) =>
    `automatización terminada (${{ finished: 'fin del flujo', handover: 'pasó a un agente', timeout: 'sin respuesta a tiempo', failed: 'el servicio externo falló', accepted: 'un agente aceptó', transferred: 'transferido', closed: 'resuelto' }[r] ?? r})`,
  automationQueue: (q) => `puesto por la automatización en la cola ${q}`,
  slaTarget: {
    firstResponse: 'primera respuesta',
    nextResponse: 'siguiente respuesta',
    resolution: 'resolución',
  },
  slaWarned: (t) => `alerta de SLA: ${t} al 80 % del plazo`,
  slaBreached: (t) => `SLA incumplido: plazo de ${t} vencido`,
};

const PHRASES: Record<HistoryLanguage, Phrases> = { en, pt, es };

const CLOSE_REASONS = ['rated', 'unrated', 'inactive', 'campaign'] as const;

/**
 * One line saying what an event did to its ticket. `name` turns a user, queue or connection id into
 * something a person recognises; it defaults to the id itself, which keeps this function pure.
 */
export function describeEvent(
  type: string,
  data: object,
  name: NameOf = (id) => id,
  language: HistoryLanguage = 'en',
): string {
  const p = PHRASES[language];
  // The trail keeps each event's data as it was recorded, checked against its contract when written,
  // so it is read as that contract's type; the fallbacks below stay for rows that lack a field.
  const e = { type, data: data ?? {} } as AnyEvent;
  const snippet = (body: unknown, mediaType?: unknown): string => {
    const text = String(body ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    if (!text) return mediaType && mediaType !== 'chat' ? `[${mediaType}]` : p.empty;
    return `'${text.length > 40 ? `${text.slice(0, 40).trimEnd()}…` : text}'`;
  };
  const who = (id: unknown) => (typeof id === 'string' && id ? name(id) : null);
  const inQueue = (queueId: string | null | undefined) => (queueId ? p.inQueue(name(queueId)) : '');
  const status = (s: string) => p.status[s] ?? s;
  switch (e.type) {
    case 'TicketCreated':
      return p.created(status(e.data.status), who(e.data.userId)) + inQueue(e.data.queueId);
    case 'TicketAccepted':
      return p.accepted(name(e.data.userId)) + inQueue(e.data.queueId);
    case 'TicketReturned':
      return p.returned(who(e.data.previousUserId));
    case 'TicketTransferred':
      return p.transferred(transferParts(p, e.data, name));
    case 'TicketClosed': {
      const reason = CLOSE_REASONS.find((r) => r === e.data.reason) ?? null;
      return p.closed(reason, who(e.data.userId));
    }
    case 'TicketBotStepped':
      return e.data.replies?.length
        ? p.botAnswered(e.data.bot?.stage, e.data.replies.map((r) => snippet(r)).join(', '))
        : p.botMoved(e.data.bot?.stage ?? null);
    case 'TicketBotEnded':
      return p.botEnded(String(e.data.reason));
    case 'TicketQueueAssigned':
      if (e.data.reason === 'automation')
        return p.automationQueue(e.data.queueId ? name(e.data.queueId) : p.none);
      return p.queueAssigned(
        e.data.reason === 'timeToTransfer',
        e.data.queueId ? name(e.data.queueId) : p.none,
      );
    case 'TicketRatingRequested':
      return p.ratingRequested(who(e.data.userId));
    case 'TicketRatingReasked':
      return p.ratingReasked;
    case 'TicketRated':
      return p.rated(e.data.rate);
    case 'TicketReopened':
      return p.reopened(who(e.data.userId)) + inQueue(e.data.queueId);
    case 'TicketDeleted':
      return p.deleted;
    case 'TicketMessagesRead':
      return p.read(name(e.data.userId));
    case 'InboundMessageReceived':
      return p.received(e.data.senderName || null, snippet(e.data.body, e.data.mediaType));
    case 'OutboundMessageQueued':
      return p.queued(who(e.data.userId), snippet(e.data.body, e.data.mediaType));
    case 'OutboundMessageSent':
      return p.sent(e.data.attempts ?? 1);
    case 'OutboundMessageFailed':
      return p.failed(e.data.attempts, e.data.reason);
    case 'MessageAcknowledged':
      return p.ack(e.data.ack);
    case 'MessageDeleted':
      return p.messageDeleted(who(e.data.userId));
    case 'PhoneMessageSent':
      return p.phone(snippet(e.data.body, e.data.mediaType));
    case 'MessageEdited':
      return p.edited(snippet(e.data.previousBody), snippet(e.data.body));
    case 'TicketAutomationStarted':
      return p.automationStarted(e.data.kind, e.data.trigger);
    case 'TicketAutomationReplied':
      return p.automationReplied(e.data.replies.map((r) => snippet(r.body, r.mediaType)).join(', '));
    case 'TicketVariableSet':
      return p.variableSet(e.data.key, snippet(e.data.value));
    case 'TicketAutomationEnded':
      return p.automationEnded(e.data.reason) + inQueue(e.data.queueId);
    case 'TicketSlaWarned':
      return p.slaWarned(p.slaTarget[e.data.target] ?? e.data.target);
    case 'TicketSlaBreached':
      return p.slaBreached(p.slaTarget[e.data.target] ?? e.data.target);
    case 'ConversationTicketClaimed':
      return p.claimed(e.data.reason, status(e.data.status)) + inQueue(e.data.queueId);
    default:
      return type;
  }
}

/** What a transfer moved: queue, agent, connection, each only when it changed. */
function transferParts(p: Phrases, d: TicketTransferred['data'], name: NameOf): string[] {
  const from: Partial<TicketTransferred['data']['from']> = d.from ?? {};
  const show = (id: string | null | undefined, nothing = p.none) => (id ? name(id) : nothing);
  const parts: string[] = [];
  if ((from.queueId ?? null) !== (d.queueId ?? null))
    parts.push(p.moveQueue(show(from.queueId), show(d.queueId)));
  if ((from.userId ?? null) !== (d.userId ?? null))
    parts.push(p.moveUser(show(from.userId, p.nobody), show(d.userId, p.nobody)));
  if (from.whatsappId && from.whatsappId !== d.whatsappId)
    parts.push(p.moveConnection(show(from.whatsappId), show(d.whatsappId)));
  return parts;
}
