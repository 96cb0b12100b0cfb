import net from 'node:net';

/**
 * A TCP proxy between a client and a server (PostgreSQL, the object store), so a test can
 * make the network fail without touching the server: cut every open connection, refuse
 * new ones for a while, then let them through again.
 */
export interface TcpProxy {
  port: number;
  /** Connections passed through so far. */
  readonly connectionsMade: number;
  /** Resets every open connection at once, as a server restart or a network fault would. */
  cutAll(): void;
  /** While refusing, each new connection is reset as soon as it arrives. */
  refuse(refusing: boolean): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let refusing = false;
  let connectionsMade = 0;

  const server = net.createServer((client) => {
    if (refusing) {
      client.resetAndDestroy();
      return;
    }
    connectionsMade += 1;
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    open.add(pair);
    // A fault on either side ends both; a normal close travels on through the pipes.
    const fail = () => {
      open.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', fail).on('close', () => open.delete(pair) && upstream.end());
    upstream.on('error', fail).on('close', () => open.delete(pair) && client.end());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;

  const cutAll = () => {
    for (const { client, upstream } of [...open]) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    open.clear();
  };
  return {
    port: address.port,
    get connectionsMade() {
      return connectionsMade;
    },
    cutAll,
    refuse(value) {
      refusing = value;
    },
    close() {
      cutAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
