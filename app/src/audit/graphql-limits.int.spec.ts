import { QUERY_LIMITS } from '@zelo/services/audit/graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Issue 7: GraphQL answered introspection without a token and had no bound on what one query asks.
describe('GraphQL limits', () => {
  let system: TestSystem;
  let token: string;
  const ticketId = '00000000-0000-4000-8000-000000000000';
  const gql = (query: string, t?: string) => system.api('POST', '/graphql', { token: t, body: { query } });

  beforeAll(async () => {
    system = await startTestSystem();
    token = (await system.login(DEMO.email, DEMO.password)).token;
  }, 60_000);
  afterAll(async () => system?.close());

  it('without a valid token nothing runs, introspection included: 401', async () => {
    for (const t of [undefined, 'not-a-token', `${token.slice(0, -4)}AAAA`]) {
      const r = await gql('{ __schema { types { name fields { name } } } }', t);
      expect(r.status).toBe(401);
      expect(r.body.data ?? null).toBeNull();
      expect(r.body.errors[0].extensions.code).toBe('ERR_SESSION_EXPIRED');
      const typename = await gql('{ __typename }', t);
      expect(typename.status).toBe(401);
      // GET carries queries too.
      const get = await fetch(
        `${system.url}/graphql?query=${encodeURIComponent('{ __schema { queryType { name } } }')}`,
        {
          headers: t ? { authorization: `Bearer ${t}` } : {},
        },
      );
      expect(get.status).toBe(401);
    }
  });

  it('a logged-in user still queries and introspects', async () => {
    const r = await gql('{ __schema { queryType { name } } }', token);
    expect(r.body.data.__schema.queryType.name).toBe('Query');
  });

  it('refuses aliases multiplying the reads', async () => {
    const aliases = Array.from(
      { length: 50 },
      (_, i) => `h${i}: ticketHistory(ticketId: "${ticketId}") { type }`,
    );
    const r = await gql(`{ ${aliases.join(' ')} }`, token);
    expect(r.body.data ?? null).toBeNull();
    expect(r.body.errors[0].extensions.code).toBe('ERR_QUERY_TOO_COMPLEX');
    // Within the bound it runs (and answers for the ticket).
    const ok = await gql(`{ ${aliases.slice(0, QUERY_LIMITS.rootFields).join(' ')} }`, token);
    expect(ok.body.errors[0].extensions.code).toBe('ERR_NO_TICKET_FOUND');
  });

  it('refuses too many fields, fragments written out', async () => {
    const leaves = Array.from({ length: 30 }, (_, i) => `f${i}: type`).join(' ');
    const query = `
      fragment A on TicketEvent { ${leaves} }
      fragment B on TicketEvent { ...A a2: type }
      { ticketHistory(ticketId: "${ticketId}") { ...A ...B ... on TicketEvent { ...A ...B } } }`;
    const r = await gql(query, token);
    expect(r.body.data ?? null).toBeNull();
    expect(r.body.errors[0].extensions.code).toBe('ERR_QUERY_TOO_COMPLEX');
  });

  it('refuses a query nested deeper than the bound', async () => {
    const deep = '{ __schema { types { fields { type { ofType { ofType { ofType { name } } } } } } } }';
    const r = await gql(deep, token);
    expect(r.body.data ?? null).toBeNull();
    expect(r.body.errors.length).toBeGreaterThan(0);
  });
});
