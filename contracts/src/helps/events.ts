import * as v from 'valibot';
import { event, Id, TextUpTo } from '../common.ts';

// Helps are the platform's, not a company's: every company reads the same videos, super users write
// them (the writer's company is in the metadata, as for every event).

/** HelpRequest's bounds (api.ts). */
const HelpFields = {
  title: TextUpTo(100),
  /** The YouTube video id (never a link: the web builds the embed and thumbnail URLs). */
  video: v.string(),
  description: TextUpTo(1000),
};

export const HelpCreated = event('HelpCreated', { helpId: Id, ...HelpFields });
export type HelpCreated = v.InferOutput<typeof HelpCreated>;
export const HelpUpdated = event('HelpUpdated', { helpId: Id, ...HelpFields });
export type HelpUpdated = v.InferOutput<typeof HelpUpdated>;
export const HelpDeleted = event('HelpDeleted', { helpId: Id });
export type HelpDeleted = v.InferOutput<typeof HelpDeleted>;

export const HelpEvent = v.variant('type', [HelpCreated, HelpUpdated, HelpDeleted]);
export type HelpEvent = v.InferOutput<typeof HelpEvent>;
