/** What one company's round of retention did. */
export interface ShredOutcome {
  /** The day (ISO instant, 00:00 UTC) before which its messages' content is gone; null: retention off. */
  before: string | null;
  /** Whether CompanyMessagesShredded was recorded by this round (false: the same day ran already). */
  recorded: boolean;
}

/** The services' handlers retention needs (the app wires the real ones). */
export interface MessageRetentionDeps {
  /** Companies whose setting messageRetentionDays is above 0. */
  companiesWithRetention(): Promise<string[]>;
  /** Destroys the company's day keys older than its retention, removes those days' media, records it. */
  shredCompanyMessages(companyId: string): Promise<ShredOutcome>;
}

export function createMessageRetentionActivities(deps: MessageRetentionDeps) {
  return {
    companiesWithRetention: () => deps.companiesWithRetention(),
    shredCompanyMessages: (companyId: string) => deps.shredCompanyMessages(companyId),
  };
}

export type MessageRetentionActivities = ReturnType<typeof createMessageRetentionActivities>;
