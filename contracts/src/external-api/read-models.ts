/** The connection a bearer token names, with what decides whether its company may use the API. */
export interface TokenConnection {
  whatsappId: string;
  companyId: string;
  /** ISO instant: the company's subscription end. */
  dueDate: string;
  /** Whether the company's plan includes the external API. */
  useExternalApi: boolean;
}
