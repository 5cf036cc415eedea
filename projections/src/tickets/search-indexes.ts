/**
 * The search tab's text (`listTickets` with `searchParam`): trigram GIN indexes on exactly the
 * expressions it matches with `LIKE '%…%'` turn a rare text into an index lookup instead of a scan.
 * Since issue 24 those are the contact's name and every message's body without case or accents
 * (`zelo_search_text`), and the contact's number. pg_trgm and unaccent ship with PostgreSQL (contrib)
 * and are trusted extensions, so the app's role may create them. A rebuild copies these indexes with
 * `LIKE … INCLUDING ALL` (expression and operator class included) and gives them back their names
 * (rebuild.ts; search.int.spec.ts rebuilds the conversations and searches again).
 */
export const ticketSearchMigrations = [
  {
    id: 'projections/tickets-search-001-trigram',
    sql: `
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX contacts_search_name ON contacts USING gin (lower(name) gin_trgm_ops);
      CREATE INDEX contacts_search_number ON contacts USING gin (number gin_trgm_ops);
      CREATE INDEX tickets_search_message ON tickets USING gin (lower(last_message) gin_trgm_ops);`,
  },
  {
    /**
     * Issue 24: every message of the ticket that is not deleted, not only the last one. Measured on
     * bench/ticket-list.ts's 2 000 000 messages against a text-search configuration (unaccent +
     * simple dictionary, tsvector GIN):
     * - trigrams keep what the search did: a fragment anywhere ("orçam", a number's digits); text
     *   search finds whole words or their starts only;
     * - the planner tells a common text from a rare one only by statistics on the indexed
     *   expression, which ANALYZE keeps for an expression index that is not partial: it then walks
     *   the newest tickets for a common word and asks the index for a rare one (page and count
     *   0.7 – 2.5 ms and 0.2 – 1 ms). Text search's prefix queries are estimated at a flat 2 %: it
     *   walked every ticket for a rare or an absent word, 8.6 – 12.9 s;
     * - the trigram index costs more: 154 MB against 45 MB, 23 s to build against 15 s, 26 – 32 µs
     *   more per inserted message against 8 µs (held-writes.ts's batched insert; about 50 – 70 µs
     *   without); bench/ingest.ts showed nothing beyond this shared machine's noise (32 senders,
     *   the quietest pair of runs: 859 messages/s before, 913 after).
     * `unaccent` is only STABLE (its dictionary could change), so an index needs an IMMUTABLE
     * wrapper; its body is parsed once (SQL-standard body), every name schema-qualified, so it means
     * the same under a rebuild's search_path. Deleted messages stay in the index (a partial index
     * gets no statistics); the query leaves them out.
     * `zelo_contains_pattern` is the LIKE pattern of a typed text: folded first, then `%`, `_` and
     * `\` escaped (unaccent turns "％" into "%"), so what is typed only ever matches itself.
     * ANALYZE at once: without the expression's statistics every text looks rare to the planner.
     */
    id: 'projections/tickets-search-002-every-message',
    sql: String.raw`
      CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;
      CREATE FUNCTION public.zelo_search_text(text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        RETURN pg_catalog.lower(public.unaccent('public.unaccent'::regdictionary, $1));
      CREATE FUNCTION public.zelo_contains_pattern(text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        RETURN '%' || pg_catalog.regexp_replace(public.zelo_search_text($1), '([\\%_])', '\\\1', 'g') || '%';
      CREATE INDEX messages_search_body ON messages USING gin (public.zelo_search_text(body) gin_trgm_ops);
      DROP INDEX contacts_search_name;
      CREATE INDEX contacts_search_folded_name ON contacts USING gin (public.zelo_search_text(name) gin_trgm_ops);
      -- The last message is one of the messages: its own index would only slow every new message down.
      DROP INDEX tickets_search_message;
      ANALYZE messages, contacts;`,
  },
];
