import type { TicketEventView } from '@zelo/contracts/audit/read-models';
import { ApiError, apiRequest } from '../../../lib/api.ts';
import { type Language, languageAtom, useAtomValue } from '../../../lib/store.ts';
import { useRequest } from '../../../lib/use-request.ts';

const QUERY = `query TicketHistory($ticketId: ID!, $language: Language) {
  ticketHistory(ticketId: $ticketId, language: $language) { position type actor actorName at summary data }
}`;

interface GraphqlResponse {
  data?: { ticketHistory: TicketEventView[] } | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** The summaries come written in the app's language. */
export async function getTicketHistory(
  ticketId: string,
  language: Language,
  signal?: AbortSignal,
): Promise<TicketEventView[]> {
  const res = await apiRequest<GraphqlResponse>('/graphql', {
    method: 'POST',
    body: { query: QUERY, variables: { ticketId, language } },
    signal,
  });
  // GraphQL answers 200 with errors[]; the code is the same ERR_ catalogue as the REST API.
  const error = res.errors?.[0];
  if (error || !res.data) {
    const code = error?.extensions?.code ?? 'ERR_INTERNAL_SERVER_ERROR';
    throw new ApiError(200, code, error?.message ?? code);
  }
  return res.data.ticketHistory;
}

export function useTicketHistory(ticketId: string) {
  const language = useAtomValue(languageAtom);
  return useRequest((signal) => getTicketHistory(ticketId, language, signal), [ticketId, language]);
}
