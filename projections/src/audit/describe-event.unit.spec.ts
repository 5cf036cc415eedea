import { describe, expect, it } from 'vitest';
import { describeEvent } from './describe-event.ts';

const ana = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';
const sales = '33333333-3333-4333-8333-333333333333';
const support = '44444444-4444-4444-8444-444444444444';
const wa1 = '55555555-5555-4555-8555-555555555555';
const names: Record<string, string> = {
  [ana]: 'Ana',
  [bob]: 'Bob',
  [sales]: 'Sales',
  [support]: 'Support',
  [wa1]: 'Main number',
};
const name = (id: string) => names[id] ?? id;

describe('describeEvent', () => {
  it('says who accepted a ticket, by id unless told names', () => {
    expect(describeEvent('TicketAccepted', { userId: ana, queueId: null })).toBe(`accepted by ${ana}`);
    expect(describeEvent('TicketAccepted', { userId: ana, queueId: sales }, name)).toBe(
      'accepted by Ana in queue Sales',
    );
  });

  it('says what a transfer moved, and only that', () => {
    const from = { userId: ana, queueId: sales, whatsappId: wa1 };
    expect(
      describeEvent(
        'TicketTransferred',
        { from, userId: ana, queueId: support, whatsappId: wa1, status: 'open' },
        name,
      ),
    ).toBe('transferred from queue Sales to queue Support');
    expect(
      describeEvent(
        'TicketTransferred',
        { from, userId: bob, queueId: sales, whatsappId: wa1, status: 'open' },
        name,
      ),
    ).toBe('transferred from user Ana to user Bob');
    expect(
      describeEvent(
        'TicketTransferred',
        { from: { ...from, queueId: null }, userId: null, queueId: sales, whatsappId: wa1 },
        name,
      ),
    ).toBe('transferred from queue none to queue Sales, from user Ana to user none');
  });

  it("tells an automation's run: who took the ticket, what it said and kept, how it let go", () => {
    const run = { runId: ana };
    expect(describeEvent('TicketAutomationStarted', { ...run, kind: 'flow', trigger: 'phrase' })).toBe(
      'flow took the ticket (phrase campaign)',
    );
    expect(
      describeEvent('TicketAutomationReplied', {
        ...run,
        replies: [{ body: 'Qual é o seu nome?' }, { body: '', mediaType: 'image' }],
      }),
    ).toBe("automation said: 'Qual é o seu nome?', [image]");
    expect(describeEvent('TicketVariableSet', { ...run, key: 'nome', value: 'Rita' }, name, 'pt')).toBe(
      "resposta guardada em {{nome}}: 'Rita'",
    );
    expect(describeEvent('TicketAutomationEnded', { ...run, reason: 'failed' })).toBe(
      'automation ended (the external service failed)',
    );
    expect(
      describeEvent('TicketAutomationEnded', { ...run, reason: 'handover', queueId: sales }, name, 'es'),
    ).toBe('automatización terminada (pasó a un agente) en la cola Sales');
    expect(describeEvent('TicketQueueAssigned', { queueId: sales, reason: 'automation' }, name)).toBe(
      'put by the automation in queue Sales',
    );
  });

  it('quotes the start of a received message, cut with an ellipsis', () => {
    expect(describeEvent('InboundMessageReceived', { body: 'hello', mediaType: 'chat' })).toBe(
      "message received: 'hello'",
    );
    expect(
      describeEvent('InboundMessageReceived', {
        body: 'hello  there,\nI would like to know about my order 1234 please',
        mediaType: 'chat',
        senderName: 'Carla',
      }),
    ).toBe("message received from Carla: 'hello there, I would like to know about…'");
    expect(describeEvent('InboundMessageReceived', { body: '', mediaType: 'image' })).toBe(
      'message received: [image]',
    );
  });

  it('describes the rest of a ticket life in one line each', () => {
    expect(describeEvent('TicketCreated', { status: 'pending', userId: null, queueId: sales }, name)).toBe(
      'created as pending in queue Sales',
    );
    expect(describeEvent('TicketReturned', { previousUserId: ana }, name)).toBe('returned to pending by Ana');
    expect(describeEvent('TicketClosed', { userId: ana, queueId: null }, name)).toBe('closed (was with Ana)');
    expect(describeEvent('TicketReopened', { userId: null, queueId: null })).toBe('reopened');
    expect(describeEvent('TicketDeleted', {})).toBe('deleted');
    expect(describeEvent('TicketMessagesRead', { userId: bob }, name)).toBe('messages read by Bob');
    expect(
      describeEvent('ConversationTicketClaimed', { reason: 'created', status: 'pending', queueId: null }),
    ).toBe('conversation claimed the ticket (created) as pending');
  });

  it('follows an outbound message from queue to delivery', () => {
    expect(
      describeEvent('OutboundMessageQueued', { body: 'On it!', mediaType: 'chat', userId: ana }, name),
    ).toBe("message queued by Ana: 'On it!'");
    expect(describeEvent('OutboundMessageSent', { attempts: 1 })).toBe('message sent');
    expect(describeEvent('OutboundMessageSent', { attempts: 3 })).toBe('message sent after 3 attempts');
    expect(describeEvent('OutboundMessageFailed', { attempts: 5, reason: 'connection closed' })).toBe(
      'message failed after 5 attempts: connection closed',
    );
    expect(describeEvent('MessageAcknowledged', { ack: 2 })).toBe('message delivered');
    expect(describeEvent('MessageAcknowledged', { ack: 3 })).toBe('message read');
    expect(describeEvent('MessageDeleted', { userId: null })).toBe('message deleted');
  });

  it('falls back to the event type for events it does not know', () => {
    expect(describeEvent('TicketTagged', { tagId: 'x' })).toBe('TicketTagged');
  });

  it('writes the line in Portuguese and Spanish for the web app, names and quotes untouched', () => {
    const transfer = { from: { queueId: sales, userId: ana }, queueId: support, userId: null };
    expect(describeEvent('TicketAccepted', { userId: ana, queueId: sales }, name, 'pt')).toBe(
      'aceito por Ana na fila Sales',
    );
    expect(describeEvent('TicketTransferred', transfer, name, 'pt')).toBe(
      'transferido da fila Sales para a fila Support, do atendente Ana para o atendente ninguém',
    );
    expect(describeEvent('TicketClosed', { userId: bob, reason: 'rated' }, name, 'pt')).toBe(
      'resolvido após a avaliação (estava com Bob)',
    );
    expect(describeEvent('TicketCreated', { status: 'pending', queueId: null }, name, 'pt')).toBe(
      'criado como aguardando',
    );
    expect(describeEvent('InboundMessageReceived', { body: 'Oi', senderName: 'Joana' }, name, 'pt')).toBe(
      "mensagem recebida de Joana: 'Oi'",
    );
    expect(describeEvent('MessageAcknowledged', { ack: 3 }, name, 'es')).toBe('mensaje leído');
    expect(describeEvent('TicketRated', { rate: 3 }, name, 'es')).toBe('valorado con 3 (muy satisfecho)');
    expect(describeEvent('TicketTagged', { tagId: 'x' }, name, 'es')).toBe('TicketTagged');
  });

  it("names an SLA clock's warning and breach in each language (issue 24)", () => {
    const clock = { target: 'firstResponse', clockId: 'firstResponse:1' };
    expect(describeEvent('TicketSlaWarned', clock)).toBe('SLA warning: first response at 80 % of its target');
    expect(describeEvent('TicketSlaBreached', { ...clock, target: 'resolution' }, name, 'pt')).toBe(
      'SLA estourado: prazo de resolução vencido',
    );
    expect(describeEvent('TicketSlaBreached', { ...clock, target: 'nextResponse' }, name, 'es')).toBe(
      'SLA incumplido: plazo de siguiente respuesta vencido',
    );
  });
});
