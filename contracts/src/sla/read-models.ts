import type { SlaTarget } from '../tickets/events.ts';
import type { SlaClockMode } from './api.ts';

/** An SLA policy as GET /sla-policies/ lists it and POST/PUT answer it. */
export interface SlaPolicyView {
  id: string;
  name: string;
  queueId: string;
  whatsappId: string | null;
  firstResponseMinutes: number | null;
  nextResponseMinutes: number | null;
  resolutionMinutes: number | null;
  clock: SlaClockMode;
  queue: { id: string; name: string; color: string };
  whatsapp: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * Socket frame `company-<id>-sla`, sent to the company's admins (supervisors) when a ticket's SLA clock
 * passes 80 % (`warned`) or 100 % (`breached`).
 */
export interface SlaFrame {
  action: 'warned' | 'breached';
  ticketId: string;
  target: SlaTarget;
  dueAt: string;
  contactName: string;
  queueName: string | null;
}
