import type * as v from 'valibot';
import type { PlanFeatures } from '../tenancy/read-models.ts';
import type { Language } from './api.ts';
import type { AllTicket, Profile } from './events.ts';

/** A queue of the user, as the session and the user dialog show it. */
export interface UserQueue {
  id: string;
  name: string;
  color: string;
}

/** A user (doc 1 §3 User) as GET /users/:id and the user writes answer it. */
export interface UserView {
  id: string;
  name: string;
  email: string;
  profile: v.InferOutput<typeof Profile>;
  super: boolean;
  allTicket: v.InferOutput<typeof AllTicket>;
  whatsappId: string | null;
  companyId: string;
  language: Language;
  /** The user's queues in menu order; `queueIds` as assigned. */
  queues: UserQueue[];
  queueIds: string[];
}

/** The company of the session's user (login, refresh, GET /auth/me). */
export interface SessionCompany {
  id: string;
  name: string;
  /** The subscription's end, as PostgreSQL writes an instant in JSON. */
  dueDate: string;
  planId: string;
  settings: { key: string; value: string }[];
  plan: ({ id: string; name: string } & PlanFeatures) | null;
}

/** The user as the web app keeps it in its session (doc 1 §7 POST /auth/login). */
export interface SessionUserView extends UserView {
  company: SessionCompany;
}

/** A row of GET /users and GET /users/list. */
export interface UserListItem {
  id: string;
  name: string;
  email: string;
  profile: v.InferOutput<typeof Profile>;
  allTicket: v.InferOutput<typeof AllTicket>;
  whatsappId: string | null;
  queueIds: string[];
  createdAt: string;
}

/** GET /users: one page of the company's users by name. */
export interface UserPage {
  users: UserListItem[];
  count: number;
  hasMore: boolean;
}
