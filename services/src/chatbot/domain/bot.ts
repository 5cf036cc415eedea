import type { BotState } from '@zelo/contracts/tickets/events';

export interface BotOption {
  id: string;
  parentId: string | null;
  option: number;
  title: string;
  message: string;
}
export interface BotQueue {
  id: string;
  name: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  options: BotOption[];
}

/** What the bot knows when it answers: the connection, its queues, the company's settings and clock. */
export interface BotContext {
  /** The connection's queues, in menu order. */
  queues: BotQueue[];
  greetingMessage: string;
  outOfHoursMessage: string;
  sendGreetingOneQueue: boolean;
  maxUseBotQueues: number;
  /** Minutes the bot keeps trying; 0 = no limit. */
  timeUseBotQueues: number;
  /** `null` asks about the company's hours (scheduleType company), an id about that queue's. */
  inHours(queueId: string | null): boolean;
  scheduleType: 'disabled' | 'company' | 'queue';
  now: Date;
}

export interface BotStep {
  bot: BotState;
  replies: string[];
  /** The queue to put the ticket in (`null` takes it out again); absent when unchanged. */
  queueId?: string | null;
}

const line = (n: number | string, title: string) => `*[ ${n} ]* - ${title}`;
const joined = (...parts: string[]) => parts.filter((p) => p.trim() !== '').join('\n\n');

/** The bot starts on a ticket that has no queue and no agent; `null` = the bot has nothing to do. */
export function startBot(ctx: BotContext): BotStep | null {
  const startedAt = ctx.now.toISOString();
  if (ctx.queues.length === 0) return null;
  if (ctx.scheduleType === 'company' && !ctx.inHours(null))
    return outOfHours(startedAt, ctx.outOfHoursMessage);
  if (ctx.queues.length === 1) {
    const queue = ctx.queues[0];
    const greeting = ctx.sendGreetingOneQueue ? queue.greetingMessage : '';
    return enterQueue(ctx, queue, startedAt, greeting);
  }
  return { bot: { stage: 'queues', path: [], menuSends: 1, startedAt }, replies: [queuesMenu(ctx)] };
}

/** A customer's reply to the bot. `bot` is where it stood; the ticket still has no agent. */
export function answerBot(
  bot: BotState,
  body: string,
  ctx: BotContext,
  queueId: string | null,
): BotStep | null {
  if (bot.stage === 'ended') return null;
  const expired =
    ctx.timeUseBotQueues > 0 &&
    ctx.now.getTime() - Date.parse(bot.startedAt) >= ctx.timeUseBotQueues * 60_000;
  if (expired) return { bot: { ...bot, stage: 'ended' }, replies: [] };
  // Out of hours, a later message starts over: inside hours now, the customer gets the menu.
  if (bot.stage === 'outOfHours') {
    const again = startBot(ctx);
    if (again?.bot.stage === 'outOfHours') return null;
    return again && { ...again, bot: { ...again.bot, startedAt: bot.startedAt } };
  }
  const choice = body.trim();
  if (bot.stage === 'queues') {
    const n = Number(choice);
    const queue = /^\d+$/.test(choice) ? ctx.queues[n - 1] : undefined;
    if (!queue) return retry(bot, ctx, queuesMenu(ctx));
    return enterQueue(ctx, queue, bot.startedAt, queue.greetingMessage);
  }
  const queue = ctx.queues.find((q) => q.id === queueId);
  if (!queue) return { bot: { ...bot, stage: 'ended' }, replies: [] };
  const fresh = { ...bot, menuSends: 1 };
  if (choice === '#') {
    if (ctx.queues.length > 1)
      return { bot: { ...fresh, stage: 'queues', path: [] }, replies: [queuesMenu(ctx)], queueId: null };
    return { bot: { ...fresh, path: [] }, replies: [optionsMenu(ctx, queue, [])] };
  }
  if (choice === '0') {
    if (bot.path.length === 0) {
      if (ctx.queues.length > 1)
        return { bot: { ...fresh, stage: 'queues', path: [] }, replies: [queuesMenu(ctx)], queueId: null };
      return retry(bot, ctx, optionsMenu(ctx, queue, bot.path));
    }
    const path = bot.path.slice(0, -1);
    return { bot: { ...fresh, path }, replies: [optionsMenu(ctx, queue, path)] };
  }
  const picked = /^\d+$/.test(choice)
    ? childrenOf(queue, bot.path.at(-1) ?? null).find((o) => o.option === Number(choice))
    : undefined;
  if (!picked) return retry(bot, ctx, optionsMenu(ctx, queue, bot.path));
  return descend(queue, { ...fresh }, picked, [], ctx);
}

function enterQueue(ctx: BotContext, queue: BotQueue, startedAt: string, greeting: string): BotStep {
  if (ctx.scheduleType === 'queue' && !ctx.inHours(queue.id)) {
    return { ...outOfHours(startedAt, queue.outOfHoursMessage || ctx.outOfHoursMessage), queueId: null };
  }
  const roots = childrenOf(queue, null);
  if (roots.length === 0) {
    return {
      bot: { stage: 'ended', path: [], menuSends: 0, startedAt },
      replies: nonEmpty(greeting),
      queueId: queue.id,
    };
  }
  const bot: BotState = { stage: 'options', path: [], menuSends: 1, startedAt };
  // A level with a single option is chosen for the customer.
  if (roots.length === 1)
    return { ...descend(queue, bot, roots[0], nonEmpty(greeting), ctx), queueId: queue.id };
  return { bot, replies: [joined(greeting, optionsMenu(ctx, queue, []))], queueId: queue.id };
}

/** The customer chose `option`: say its message, then its sub-menu, or end the bot at a leaf. */
function descend(
  queue: BotQueue,
  bot: BotState,
  option: BotOption,
  said: string[],
  ctx: BotContext,
): BotStep {
  const replies = [...said, ...nonEmpty(option.message)];
  const path = [...bot.path, option.id];
  const children = childrenOf(queue, option.id);
  if (children.length === 0) return { bot: { ...bot, stage: 'ended', path }, replies };
  if (children.length === 1) return descend(queue, { ...bot, path }, children[0], replies, ctx);
  return { bot: { ...bot, path, menuSends: 1 }, replies: [...replies, optionsMenu(ctx, queue, path)] };
}

/** Anything else repeats the menu, at most `maxUseBotQueues` times in all; then the bot gives up. */
function retry(bot: BotState, ctx: BotContext, menu: string): BotStep {
  if (bot.menuSends >= Math.max(1, ctx.maxUseBotQueues))
    return { bot: { ...bot, stage: 'ended' }, replies: [] };
  return { bot: { ...bot, menuSends: bot.menuSends + 1 }, replies: [menu] };
}

function outOfHours(startedAt: string, message: string): BotStep {
  return { bot: { stage: 'outOfHours', path: [], menuSends: 0, startedAt }, replies: nonEmpty(message) };
}

function queuesMenu(ctx: BotContext): string {
  return joined(ctx.greetingMessage, ctx.queues.map((q, i) => line(i + 1, q.name)).join('\n'));
}

function optionsMenu(ctx: BotContext, queue: BotQueue, path: string[]): string {
  const lines = childrenOf(queue, path.at(-1) ?? null).map((o) => line(o.option, o.title));
  if (path.length > 0) lines.push(line(0, 'Voltar'));
  if (path.length > 0 || ctx.queues.length > 1) lines.push(line('#', 'Menu inicial'));
  return lines.join('\n');
}

const childrenOf = (queue: BotQueue, parentId: string | null) =>
  queue.options.filter((o) => o.parentId === parentId).sort((a, b) => a.option - b.option);
const nonEmpty = (s: string) => (s.trim() ? [s] : []);
