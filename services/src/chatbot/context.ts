import { isWithinHours, type WeeklyHours } from '@zelo/contracts/weekly-hours';
import type { Pool, PoolClient } from '../platform/db.ts';
import { COMPANY_TIME_ZONE } from '../platform/time-zone.ts';
import type { BotContext, BotQueue } from './domain/bot.ts';

/** A connection's automation settings, as its read model holds them. */
export interface ConnectionSettings {
  queueIds: string[];
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  expiresTicket: number;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  timeToTransfer: number;
  transferQueueId: string | null;
}

export async function connectionSettings(
  db: Pool | PoolClient,
  whatsappId: string,
): Promise<ConnectionSettings | null> {
  const { rows } = await db.query('SELECT settings, queue_ids FROM whatsapps WHERE id = $1', [whatsappId]);
  if (!rows[0]) return null;
  const s = rows[0].settings;
  return {
    queueIds: rows[0].queue_ids,
    greetingMessage: s.greetingMessage ?? '',
    complationMessage: s.complationMessage ?? '',
    outOfHoursMessage: s.outOfHoursMessage ?? '',
    ratingMessage: s.ratingMessage ?? '',
    expiresInactiveMessage: s.expiresInactiveMessage ?? '',
    expiresTicket: Number(s.expiresTicket ?? 0),
    timeUseBotQueues: Number(s.timeUseBotQueues ?? 0),
    maxUseBotQueues: Number(s.maxUseBotQueues ?? 3),
    timeToTransfer: Number(s.timeToTransfer ?? 0),
    transferQueueId: s.transferQueueId ?? null,
  };
}

export async function companySettings(db: Pool | PoolClient, companyId: string) {
  const { rows } = await db.query('SELECT settings, schedules FROM companies WHERE id = $1', [companyId]);
  return {
    settings: (rows[0]?.settings ?? {}) as Record<string, string>,
    schedules: (rows[0]?.schedules ?? []) as WeeklyHours,
  };
}

/** Everything the bot needs about one connection, read from the read models at answer time. */
export async function loadBotContext(
  db: Pool | PoolClient,
  companyId: string,
  whatsappId: string,
  now: Date,
): Promise<BotContext | null> {
  const connection = await connectionSettings(db, whatsappId);
  if (!connection) return null;
  const company = await companySettings(db, companyId);
  const { rows: queueRows } = await db.query(
    `SELECT id, name, greeting_message, out_of_hours_message, schedules FROM queues
      WHERE company_id = $1 AND id = ANY($2::uuid[]) ORDER BY order_queue NULLS LAST, array_position($2::uuid[], id)`,
    [companyId, connection.queueIds],
  );
  const { rows: optionRows } = await db.query(
    `SELECT id, queue_id, parent_id, option, title, message FROM queue_options WHERE queue_id = ANY($1)`,
    [queueRows.map((q) => q.id)],
  );
  const hours = new Map<string, WeeklyHours>(queueRows.map((q) => [q.id, q.schedules]));
  const queues: BotQueue[] = queueRows.map((q) => ({
    id: q.id,
    name: q.name,
    greetingMessage: q.greeting_message,
    outOfHoursMessage: q.out_of_hours_message,
    options: optionRows
      .filter((o) => o.queue_id === q.id)
      .map((o) => ({
        id: o.id,
        parentId: o.parent_id,
        option: o.option,
        title: o.title,
        message: o.message,
      })),
  }));
  const scheduleType = company.settings.scheduleType;
  return {
    queues,
    greetingMessage: connection.greetingMessage,
    outOfHoursMessage: connection.outOfHoursMessage,
    sendGreetingOneQueue: company.settings.sendGreetingMessageOneQueues === 'enabled',
    maxUseBotQueues: connection.maxUseBotQueues,
    timeUseBotQueues: connection.timeUseBotQueues,
    scheduleType: scheduleType === 'company' || scheduleType === 'queue' ? scheduleType : 'disabled',
    inHours: (queueId) =>
      isWithinHours(queueId ? (hours.get(queueId) ?? []) : company.schedules, now, COMPANY_TIME_ZONE),
    now,
  };
}

const RATING_CHOICES = ['*[ 1 ]* - Insatisfeito', '*[ 2 ]* - Satisfeito', '*[ 3 ]* - Muito satisfeito'];

/** The rating question: the connection's message (or a plain default) and the three choices. */
export const ratingQuestion = (ratingMessage: string) =>
  [ratingMessage.trim() || 'Por favor, avalie o nosso atendimento:', RATING_CHOICES.join('\n')].join('\n\n');
