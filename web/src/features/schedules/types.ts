import type { ScheduleView } from '@zelo/contracts/schedules/api';

/** A schedule as GET /schedules answers it (the spec's Schedule entity). */
export type Schedule = ScheduleView;

/** What the schedule dialog picks a contact from. */
export interface ContactOption {
  id: string;
  name: string;
  number: string;
}
