import type { ScheduleList, ScheduleView } from '@zelo/contracts/schedules/read-models';
import type pg from 'pg';
import { containsPattern } from '../sql.ts';

// The contact is joined from the contacts read model when it is there (the calendar titles events with its name).
const scheduleSelect = `
  SELECT s.id, s.body, s.contact_id AS "contactId",
    CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'name', c.name, 'number', c.number) END AS contact,
    s.ticket_id AS "ticketId", s.whatsapp_id AS "whatsappId", s.user_id AS "userId",
    s.send_at AS "sendAt", s.sent_at AS "sentAt", s.status, s.error,
    s.media_path AS "mediaPath", s.media_name AS "mediaName",
    s.media_path AS "mediaUrl", s.created_at AS "createdAt", s.updated_at AS "updatedAt"
  FROM schedules s LEFT JOIN contacts c ON c.id = s.contact_id AND c.company_id = s.company_id`;

type ScheduleRow = Omit<ScheduleView, 'sendAt' | 'sentAt' | 'createdAt' | 'updatedAt'> & {
  sendAt: Date;
  sentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const toView = (r: ScheduleRow): ScheduleView => ({
  ...r,
  sendAt: r.sendAt.toISOString(),
  sentAt: r.sentAt ? r.sentAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export interface ListSchedulesFilter {
  searchParam?: string;
  contactId?: string;
  /** ISO instants: send times from `from` (inclusive) to `to` (exclusive). */
  from?: string;
  to?: string;
  pageNumber?: number;
  pageSize?: number;
}

/** A company's schedules by send time; searchParam matches the body or the contact's name or number. */
export async function listSchedules(
  pool: pg.Pool,
  companyId: string,
  filter: ListSchedulesFilter = {},
): Promise<ScheduleList> {
  const pageSize = filter.pageSize ?? 20;
  const pageNumber = filter.pageNumber ?? 1;
  const params: unknown[] = [companyId];
  let where = 's.company_id = $1';
  if (filter.contactId) {
    params.push(filter.contactId);
    where += ` AND s.contact_id = $${params.length}`;
  }
  if (filter.from) {
    params.push(filter.from);
    where += ` AND s.send_at >= $${params.length}`;
  }
  if (filter.to) {
    params.push(filter.to);
    where += ` AND s.send_at < $${params.length}`;
  }
  if (filter.searchParam) {
    params.push(containsPattern(filter.searchParam));
    const p = `$${params.length}`;
    where += ` AND (lower(s.body) LIKE ${p} OR lower(c.name) LIKE ${p} OR c.number LIKE ${p})`;
  }
  const n = params.length;
  const { rows } = await pool.query(
    `${scheduleSelect} WHERE ${where} ORDER BY s.send_at, s.id LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, pageSize + 1, (pageNumber - 1) * pageSize],
  );
  const count = await pool.query(
    `SELECT count(*)::int AS n FROM schedules s LEFT JOIN contacts c ON c.id = s.contact_id AND c.company_id = s.company_id WHERE ${where}`,
    params,
  );
  return {
    schedules: rows.slice(0, pageSize).map(toView),
    count: count.rows[0].n as number,
    hasMore: rows.length > pageSize,
  };
}

export async function getSchedule(
  pool: pg.Pool,
  companyId: string,
  scheduleId: string,
): Promise<ScheduleView | null> {
  const { rows } = await pool.query<ScheduleRow>(`${scheduleSelect} WHERE s.company_id = $1 AND s.id = $2`, [
    companyId,
    scheduleId,
  ]);
  return rows[0] ? toView(rows[0]) : null;
}
