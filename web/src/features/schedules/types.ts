import type { ScheduleView } from '@zelo/contracts/schedules/read-models';

/** What the schedule dialog picks a contact from: a schedule's contact. */
export type ContactOption = NonNullable<ScheduleView['contact']>;
