import pg from 'pg';

// A round trip to PostgreSQL costs ~180 µs here, more than applying most events. Handlers send the
// writes whose result they do not read through `write`; inside `withWriteBuffer` those are queued and
// sent together, in order, in one round trip, before anything that reads (any `tx.query`) and at the
// end. pg has no pipelining, so the queue goes as one multi-statement query: each distinct statement is
// PREPAREd once per connection with its `$n` placeholders unchanged (the server infers the parameter
// types exactly as for the extended protocol pg uses), and run with EXECUTE and literal arguments made
// from the text pg would have sent for each value (`prepareValue`), quoted as pg's `escapeLiteral` does.
// Statements are named by their text; a search_path change (a rebuild's shadow schema) re-plans them.

const { prepareValue } = (pg as unknown as { utils: { prepareValue(v: unknown): unknown } }).utils;

interface Pending {
  client: pg.PoolClient;
  queue: { text: string; args: string[] }[];
  flush(): Promise<void>;
}

const buffers = new WeakMap<object, Pending>();
/** One name per statement text, shared by every connection. */
const names = new Map<string, string>();
/** The statements each connection has prepared; absent: not known (after an error), read it back. */
const prepared = new WeakMap<object, Set<string>>();

/** A value as a SQL literal that reads back as the text pg would have sent for it as a parameter. */
export function literal(value: unknown): string {
  const v = prepareValue(value);
  if (v === null || v === undefined) return 'NULL';
  if (Buffer.isBuffer(v)) return `E'\\\\x${v.toString('hex')}'`;
  // As pg's escapeLiteral, without its character loop: quotes doubled; backslashes doubled in E''.
  const text = String(v);
  const quoted = `'${text.replaceAll("'", "''")}'`;
  return text.includes('\\') ? `E${quoted.replaceAll('\\', '\\\\')}` : quoted;
}

/** Runs a statement whose result the caller does not read: queued in a write buffer, else sent now. */
export async function write(tx: pg.PoolClient, text: string, values: unknown[] = []): Promise<void> {
  const buffer = buffers.get(tx);
  const args = buffer ? values.map(literal) : [];
  // A NUL ends a query string: such a value goes as a parameter, and fails as it would unbuffered.
  if (buffer && !args.some((a) => a.includes('\0'))) buffer.queue.push({ text, args });
  else await tx.query(text, values);
}

async function preparedOn(client: pg.PoolClient): Promise<Set<string>> {
  let known = prepared.get(client);
  if (!known) {
    const { rows } = await client.query<{ name: string }>(
      `SELECT name FROM pg_prepared_statements WHERE name LIKE 'zelo_w_%'`,
    );
    known = new Set(rows.map((r) => r.name));
    prepared.set(client, known);
  }
  return known;
}

async function flushQueue(buffer: Pending): Promise<void> {
  if (buffer.queue.length === 0) return;
  const queue = buffer.queue;
  buffer.queue = [];
  const known = await preparedOn(buffer.client);
  const parts: string[] = [];
  for (const { text, args } of queue) {
    let name = names.get(text);
    if (!name) {
      name = `zelo_w_${names.size + 1}`;
      names.set(text, name);
    }
    if (!known.has(name)) {
      parts.push(`PREPARE ${name} AS ${text}`);
      known.add(name);
    }
    parts.push(args.length ? `EXECUTE ${name}(${args.join(', ')})` : `EXECUTE ${name}`);
  }
  try {
    await buffer.client.query(parts.join(';\n'));
  } catch (err) {
    // Which statements exist now is unknown: read them back next time.
    prepared.delete(buffer.client);
    throw err;
  }
}

/**
 * Runs `fn` with a client whose `write`s are buffered; everything queued is sent before `fn`'s
 * reads and before this returns, so callers see the same effects, in the same order, as unbuffered.
 */
export async function withWriteBuffer<T>(
  client: pg.PoolClient,
  fn: (tx: pg.PoolClient) => Promise<T>,
): Promise<T> {
  if (buffers.has(client)) return fn(client);
  const buffer: Pending = { client, queue: [], flush: () => flushQueue(buffer) };
  const query = async (...args: Parameters<pg.PoolClient['query']>) => {
    await buffer.flush();
    return (client.query as (...a: unknown[]) => unknown)(...args);
  };
  const tx = new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') return query;
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  buffers.set(tx, buffer);
  const result = await fn(tx);
  await buffer.flush();
  return result;
}
