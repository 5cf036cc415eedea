import { isWithinHours, type WeeklyHours } from '@zelo/contracts/weekly-hours';
import { getConnectionSettings } from '@zelo/projections/connections/queries';
import { listQueuesInMenuOrder } from '@zelo/projections/queues/queries';
import { listOptionsOfQueues } from '@zelo/projections/queues/queue-options-queries';
import { companySettingsAndHours } from '@zelo/projections/tenancy/queries';
import type { Pool, PoolClient } from '../platform/db.ts';
import { COMPANY_TIME_ZONE } from '../platform/time-zone.ts';
import type { BotContext, BotQueue } from './domain/bot.ts';

/** Everything the bot needs about one connection, read from the read models at answer time. */
export async function loadBotContext(
  db: Pool | PoolClient,
  companyId: string,
  whatsappId: string,
  now: Date,
): Promise<BotContext | null> {
  const connection = await getConnectionSettings(db, whatsappId);
  if (!connection) return null;
  const company = await companySettingsAndHours(db, companyId);
  const queueRows = await listQueuesInMenuOrder(db, companyId, connection.queueIds);
  const optionRows = await listOptionsOfQueues(
    db,
    queueRows.map((q) => q.id),
  );
  const hours = new Map<string, WeeklyHours>(queueRows.map((q) => [q.id, q.schedules]));
  const queues: BotQueue[] = queueRows.map((q) => ({
    id: q.id,
    name: q.name,
    greetingMessage: q.greetingMessage,
    outOfHoursMessage: q.outOfHoursMessage,
    options: optionRows
      .filter((o) => o.queueId === q.id)
      .map((o) => ({
        id: o.id,
        parentId: o.parentId,
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
