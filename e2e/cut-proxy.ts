import { createServer, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A TCP relay a test can cut like a network: `cut()` drops every connection through it and refuses new
 * ones (they are accepted and reset at once) until `restore()`. Put between the browser and the API it
 * cuts the socket and the HTTP calls; between the API and PostgreSQL, a LISTEN connection.
 */
export interface CutProxy {
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startCutProxy(target: { host: string; port: number }): Promise<CutProxy> {
  let down = false;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    if (down) return void client.destroy();
    const upstream = tcpConnect(target.port, target.host);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const dropAll = () => {
    for (const s of open) s.destroy();
    open.clear();
  };
  return {
    port,
    cut() {
      down = true;
      dropAll();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        dropAll();
        server.close(() => resolve());
      }),
  };
}
