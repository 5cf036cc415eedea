import { randomUUID } from 'node:crypto';
import type { AutomationRunInput } from '../automation/ticket-automation/workflow.ts';

/** A new automation run's input for tests: a flow of no graph on a new ticket, waiting an hour for answers, unless told. */
export const automationRunInput = (over: Partial<AutomationRunInput> = {}): AutomationRunInput => ({
  ticketId: randomUUID(),
  companyId: randomUUID(),
  runId: randomUUID(),
  kind: 'flow',
  refId: randomUUID(),
  graph: null,
  replyTimeoutMs: 3_600_000,
  ...over,
});
