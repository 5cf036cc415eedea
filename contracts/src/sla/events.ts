import * as v from 'valibot';
import { event, Id, NullableId, TextUpTo, WholeIn } from '../common.ts';
import { SLA_MAX_MINUTES, SlaClockMode } from './api.ts';

// A company's SLA policies live in one stream (`sla-policies-<companyId>`), so that "one policy per
// queue and connection" is decided by the stream's revision, not by a lagging read model.

const Minutes = v.nullable(WholeIn(1, SLA_MAX_MINUTES));
const PolicyFields = {
  /** SlaPolicyRequest's bound. */
  name: TextUpTo(80),
  queueId: Id,
  /** Only tickets on this connection; null: every connection of the queue. */
  whatsappId: NullableId,
  firstResponseMinutes: Minutes,
  nextResponseMinutes: Minutes,
  resolutionMinutes: Minutes,
  clock: SlaClockMode,
};

export const SlaPolicyCreated = event('SlaPolicyCreated', { policyId: Id, companyId: Id, ...PolicyFields });
export type SlaPolicyCreated = v.InferOutput<typeof SlaPolicyCreated>;
/** The whole policy after the change (its queue and connection may change too). */
export const SlaPolicyUpdated = event('SlaPolicyUpdated', { policyId: Id, companyId: Id, ...PolicyFields });
export type SlaPolicyUpdated = v.InferOutput<typeof SlaPolicyUpdated>;
export const SlaPolicyDeleted = event('SlaPolicyDeleted', { policyId: Id, companyId: Id });
export type SlaPolicyDeleted = v.InferOutput<typeof SlaPolicyDeleted>;

export const SlaPolicyEvent = v.variant('type', [SlaPolicyCreated, SlaPolicyUpdated, SlaPolicyDeleted]);
export type SlaPolicyEvent = v.InferOutput<typeof SlaPolicyEvent>;
