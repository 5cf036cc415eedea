import type { WeeklyHours } from '../weekly-hours.ts';

/** A queue (doc 2 §2.3) as GET /queue, GET /queue/:id and every write's answer show it. */
export interface QueueView {
  id: string;
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  /** Its place in the bot's menu; null sorts last. */
  orderQueue: number | null;
  schedules: WeeklyHours;
  /** The prompt that answers its tickets while no agent has them, or null. */
  promptId: string | null;
  /** The integration (webhook, n8n, typebot, dialogflow, flowbuilder) that does, or null; wins over the prompt. */
  integrationId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One entry of a queue's option menu: what the bot shows and answers. */
export interface QueueOptionEntry {
  id: string;
  queueId: string;
  /** The option it sits under; null at the root (the spec's parentId -1). */
  parentId: string | null;
  option: number;
  title: string;
  message: string;
}

/** An option as GET /queue-options and the option writes answer it, with how many sit under it. */
export interface QueueOptionView extends QueueOptionEntry {
  childrenCount: number;
}
