import type { BotState } from '@zelo/contracts/tickets/events';
import { describe, expect, it } from 'vitest';
import { answerBot, type BotContext, type BotQueue, startBot } from './bot.ts';

const now = new Date('2026-11-23T14:00:00Z');
const sales: BotQueue = {
  id: 'q-sales',
  name: 'Vendas',
  greetingMessage: 'Bem-vindo a Vendas!',
  outOfHoursMessage: 'Vendas abre às 9h.',
  options: [],
};
const support: BotQueue = {
  id: 'q-support',
  name: 'Suporte',
  greetingMessage: 'Suporte aqui.',
  outOfHoursMessage: '',
  options: [
    { id: 'o-internet', parentId: null, option: 1, title: 'Internet', message: 'Sobre internet:' },
    { id: 'o-phone', parentId: null, option: 2, title: 'Telefone', message: 'Ligue 0800.' },
    { id: 'o-slow', parentId: 'o-internet', option: 1, title: 'Lenta', message: 'Reinicie o modem.' },
    { id: 'o-down', parentId: 'o-internet', option: 2, title: 'Caiu', message: 'Vamos verificar.' },
    { id: 'o-router', parentId: 'o-down', option: 1, title: 'Roteador', message: 'Um técnico vai ligar.' },
  ],
};
const ctx = (over: Partial<BotContext> = {}): BotContext => ({
  queues: [sales, support],
  greetingMessage: 'Olá! Escolha um setor:',
  outOfHoursMessage: 'Estamos fechados.',
  sendGreetingOneQueue: true,
  maxUseBotQueues: 3,
  timeUseBotQueues: 0,
  inHours: () => true,
  scheduleType: 'disabled',
  now,
  ...over,
});
const menu = 'Olá! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte';
const supportRoot = '*[ 1 ]* - Internet\n*[ 2 ]* - Telefone\n*[ # ]* - Menu inicial';
const atQueues: BotState = { stage: 'queues', path: [], menuSends: 1, startedAt: now.toISOString() };

describe('the queue chatbot', () => {
  it('sends nothing on a connection without queues', () => {
    expect(startBot(ctx({ queues: [] }))).toBeNull();
  });

  it('greets with one line per queue when the connection has several', () => {
    expect(startBot(ctx())).toEqual({ bot: atQueues, replies: [menu] });
  });

  it('assigns the only queue at once, greeting only when sendGreetingMessageOneQueues is on', () => {
    expect(startBot(ctx({ queues: [sales] }))).toMatchObject({
      bot: { stage: 'ended' },
      replies: ['Bem-vindo a Vendas!'],
      queueId: 'q-sales',
    });
    expect(startBot(ctx({ queues: [sales], sendGreetingOneQueue: false }))).toMatchObject({
      replies: [],
      queueId: 'q-sales',
    });
  });

  it('a reply n picks queue n and greets from it; a queue without options ends the bot', () => {
    expect(answerBot(atQueues, ' 1 ', ctx(), null)).toEqual({
      bot: { ...atQueues, stage: 'ended', menuSends: 0 },
      replies: ['Bem-vindo a Vendas!'],
      queueId: 'q-sales',
    });
  });

  it('anything else repeats the menu, at most maxUseBotQueues times, then gives up quietly', () => {
    const second = answerBot(atQueues, 'quero falar com alguém', ctx(), null);
    expect(second).toEqual({ bot: { ...atQueues, menuSends: 2 }, replies: [menu] });
    const third = answerBot(second!.bot, '9', ctx(), null);
    expect(third).toEqual({ bot: { ...atQueues, menuSends: 3 }, replies: [menu] });
    expect(answerBot(third!.bot, 'oi?', ctx(), null)).toEqual({
      bot: { ...atQueues, stage: 'ended', menuSends: 3 },
      replies: [],
    });
  });

  it('a queue with options shows its menu after the greeting', () => {
    expect(answerBot(atQueues, '2', ctx(), null)).toEqual({
      bot: { ...atQueues, stage: 'options' },
      replies: [`Suporte aqui.\n\n${supportRoot}`],
      queueId: 'q-support',
    });
  });

  it('walks the option tree: a message per choice, 0 goes up, # back to the queue list', () => {
    const inSupport: BotState = { ...atQueues, stage: 'options' };
    const internet = answerBot(inSupport, '1', ctx(), 'q-support');
    expect(internet).toEqual({
      bot: { ...inSupport, path: ['o-internet'] },
      replies: [
        'Sobre internet:',
        '*[ 1 ]* - Lenta\n*[ 2 ]* - Caiu\n*[ 0 ]* - Voltar\n*[ # ]* - Menu inicial',
      ],
    });
    expect(answerBot(internet!.bot, '0', ctx(), 'q-support')).toEqual({
      bot: { ...inSupport, path: [] },
      replies: [supportRoot],
    });
    expect(answerBot(internet!.bot, '#', ctx(), 'q-support')).toEqual({
      bot: { ...inSupport, stage: 'queues', path: [] },
      replies: [menu],
      queueId: null,
    });
  });

  it('a level with a single option is chosen for the customer, down to the leaf', () => {
    const internet: BotState = { ...atQueues, stage: 'options', path: ['o-internet'] };
    expect(answerBot(internet, '2', ctx(), 'q-support')).toEqual({
      bot: { ...internet, stage: 'ended', path: ['o-internet', 'o-down', 'o-router'] },
      replies: ['Vamos verificar.', 'Um técnico vai ligar.'],
    });
  });

  it('out of company hours: the out-of-hours message, no queue, and the menu once hours begin', () => {
    const closed = startBot(ctx({ scheduleType: 'company', inHours: () => false }));
    expect(closed).toEqual({
      bot: { stage: 'outOfHours', path: [], menuSends: 0, startedAt: now.toISOString() },
      replies: ['Estamos fechados.'],
    });
    expect(
      answerBot(closed!.bot, 'oi', ctx({ scheduleType: 'company', inHours: () => false }), null),
    ).toBeNull();
    expect(answerBot(closed!.bot, 'oi', ctx({ scheduleType: 'company' }), null)).toEqual({
      bot: atQueues,
      replies: [menu],
    });
  });

  it("out of a queue's hours: that queue's message and the ticket stays without a queue", () => {
    const salesClosed = ctx({ scheduleType: 'queue', inHours: (q) => q !== 'q-sales' });
    expect(answerBot(atQueues, '1', salesClosed, null)).toEqual({
      bot: { ...atQueues, stage: 'outOfHours', menuSends: 0 },
      replies: ['Vendas abre às 9h.'],
      queueId: null,
    });
  });

  it('stops answering once timeUseBotQueues minutes have passed since it started', () => {
    const started: BotState = { ...atQueues, startedAt: new Date(now.getTime() - 11 * 60_000).toISOString() };
    expect(answerBot(started, '9', ctx({ timeUseBotQueues: 10 }), null)).toEqual({
      bot: { ...started, stage: 'ended' },
      replies: [],
    });
    expect(answerBot(started, '9', ctx({ timeUseBotQueues: 15 }), null)?.replies).toEqual([menu]);
  });
});
