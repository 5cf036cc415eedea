import type { IconName } from '@blueprintjs/icons';
import type { PlanFeatures } from '@zelo/contracts/tenancy/read-models';
import type { ComponentType } from 'react';
import { ChatsBadge } from '../../features/chats/components/chats-badge.tsx';
import { ConnectionsBadge } from '../../features/connections/components/connections-badge.tsx';
import type { TKey } from '../../lib/i18n.ts';
import type { User } from '../../lib/store.ts';

/** Plan flags gate menu entries (kanban, prompts, integrations, external API, campaigns). */
export type PlanFlags = Partial<PlanFeatures>;

export interface MenuItem {
  path: string;
  label: TKey;
  icon: IconName;
  section: 'main' | 'admin';
  visible: (user: User, plan: PlanFlags | null) => boolean;
  /** Rendered beside the label (e.g. the connections' exclamation badge). */
  badge?: ComponentType;
  /** Entries of one group sit together under the group's title (doc 1 §2: the campaigns group). */
  group?: MenuGroup;
}

/** The groups of the Administration block, with their titles. */
export const MENU_GROUPS = {
  campaigns: 'campaigns.menuGroup',
  flows: 'flows.menuGroup',
} as const satisfies Record<string, TKey>;
export type MenuGroup = keyof typeof MENU_GROUPS;

const always = () => true;
export const isAdmin = (user: User) => user.profile === 'admin';

/** Doc 2 §2.1: the campaign pages also open when local storage holds an entry named cshow. */
export const hasCampaignFlag = () =>
  typeof localStorage !== 'undefined' && localStorage.getItem('cshow') !== null;
/** Doc 1 §2: the campaigns group shows when the plan has useCampaigns or the cshow flag is set. */
export const campaignsAllowed = (plan: PlanFlags | null) => !!plan?.useCampaigns || hasCampaignFlag();
const campaignsVisible = (user: User, plan: PlanFlags | null) => isAdmin(user) && campaignsAllowed(plan);

/**
 * Section 2 "Side menu". Only routes this app has today are listed; later features add theirs here
 * (e.g. { path: '/kanban', section: 'main', visible: (_u, plan) => !!plan?.useKanban }).
 */
export const MENU_ITEMS: MenuItem[] = [
  { path: '/', label: 'menu.dashboard', icon: 'dashboard', section: 'main', visible: isAdmin },
  { path: '/tickets', label: 'menu.tickets', icon: 'chat', section: 'main', visible: always },
  {
    path: '/quick-messages',
    label: 'quickMessages.menu',
    icon: 'lightning',
    section: 'main',
    visible: always,
  },
  { path: '/todolist', label: 'todo.menu', icon: 'tick-circle', section: 'main', visible: always },
  { path: '/contacts', label: 'contacts.title', icon: 'people', section: 'main', visible: always },
  { path: '/schedules', label: 'schedules.menu', icon: 'calendar', section: 'main', visible: always },
  { path: '/tags', label: 'tags.menu', icon: 'tag', section: 'main', visible: always },
  {
    path: '/chats',
    label: 'chats.menu',
    icon: 'comment',
    section: 'main',
    visible: always,
    badge: ChatsBadge,
  },
  { path: '/helps', label: 'helps.menu', icon: 'help', section: 'main', visible: always },
  {
    path: '/kanban',
    label: 'kanban.menu',
    icon: 'column-layout',
    section: 'main',
    visible: (_u, plan) => !!plan?.useKanban,
  },
  // Doc 1 §2: the Administration block opens with the campaigns group.
  {
    path: '/campaigns',
    label: 'campaigns.menu',
    icon: 'send-message',
    section: 'admin',
    group: 'campaigns',
    visible: campaignsVisible,
  },
  {
    path: '/contact-lists',
    label: 'contactLists.menu',
    icon: 'people',
    section: 'admin',
    group: 'campaigns',
    visible: campaignsVisible,
  },
  {
    path: '/campaigns-config',
    label: 'campaignSettings.menu',
    icon: 'settings',
    section: 'admin',
    group: 'campaigns',
    visible: campaignsVisible,
  },
  // Doc 1 §2: the flows group follows the campaigns group, behind the same gate (doc 2 §2.1).
  {
    path: '/phrase-lists',
    label: 'flows.menuPhrases',
    icon: 'comment',
    section: 'admin',
    group: 'flows',
    visible: campaignsVisible,
  },
  {
    path: '/flowbuilders',
    label: 'flows.menuFlows',
    icon: 'flow-branch',
    section: 'admin',
    group: 'flows',
    visible: campaignsVisible,
  },
  // reports (issue 24): admins, plans with useReports.
  {
    path: '/reports',
    label: 'reports.menu',
    icon: 'timeline-bar-chart',
    section: 'admin',
    visible: (user, plan) => isAdmin(user) && !!plan?.useReports,
  },
  // Doc 1 §2: announcements are the super users' (the page sends anyone else home).
  {
    path: '/announcements',
    label: 'announcements.menu',
    icon: 'info-sign',
    section: 'admin',
    visible: (user) => isAdmin(user) && !!user.super,
  },
  // Doc 1 §2: /prompts when the plan has useOpenAi.
  {
    path: '/prompts',
    label: 'prompts.menu',
    icon: 'predictive-analysis',
    section: 'admin',
    visible: (user, plan) => isAdmin(user) && !!plan?.useOpenAi,
  },
  // Doc 1 §2: /queue-integration when the plan has useIntegrations.
  {
    path: '/queue-integration',
    label: 'queueIntegrations.menu',
    icon: 'data-connection',
    section: 'admin',
    visible: (user, plan) => isAdmin(user) && !!plan?.useIntegrations,
  },
  {
    path: '/connections',
    label: 'connections.menu',
    icon: 'mobile-phone',
    section: 'admin',
    visible: isAdmin,
    badge: ConnectionsBadge,
  },
  // Doc 2 §2.11: every user may open /files; the entry sits with the admin ones, as in the reference.
  { path: '/files', label: 'fileLists.menu', icon: 'folder-open', section: 'admin', visible: isAdmin },
  { path: '/queues', label: 'queues.menu', icon: 'layers', section: 'admin', visible: isAdmin },
  // SLA policies (issue 24): response and resolution targets per queue.
  { path: '/sla-policies', label: 'sla.menu', icon: 'stopwatch', section: 'admin', visible: isAdmin },
  { path: '/users', label: 'users.menu', icon: 'people', section: 'admin', visible: isAdmin },
  {
    path: '/messages-api',
    label: 'messagesApi.menu',
    icon: 'code',
    section: 'admin',
    visible: (user, plan) => isAdmin(user) && !!plan?.useExternalApi,
  },
  { path: '/financeiro', label: 'invoices.menu', icon: 'dollar', section: 'admin', visible: isAdmin },
  { path: '/settings', label: 'settings.menu', icon: 'cog', section: 'admin', visible: isAdmin },
];

export function visibleItems(user: User, plan: PlanFlags | null, section: MenuItem['section']) {
  return MENU_ITEMS.filter((item) => item.section === section && item.visible(user, plan));
}

export const APP_VERSION = '8.0.1';
