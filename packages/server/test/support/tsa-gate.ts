import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An external time-stamp authority (TSA_URL) for server processes that a test can hold
 * shut: it passes each request on to the asking node's own TSA (POST /api/tsa), or keeps
 * it waiting, which stops that node in the middle of whatever needed the time stamp.
 */
export interface TsaGate {
  /** The TSA_URL to give a node; `name` tells the gate who is asking. */
  urlFor(name: string, nodeUrl: string): string;
  /** Lets `count` more requests through and holds every one after them. */
  holdAfter(count: number): void;
  /** Lets everything through again; requests held until now are dropped. */
  open(): void;
  /** Resolves with the name of the node whose request is held first from now. */
  nextHeld(): Promise<string>;
  /** Requests answered, per node name. */
  readonly passed: Map<string, number>;
  close(): Promise<void>;
}

export async function startTsaGate(): Promise<TsaGate> {
  const nodes = new Map<string, string>();
  const passed = new Map<string, number>();
  const held: ServerResponse[] = [];
  let budget = Number.POSITIVE_INFINITY;
  let waiting: ((name: string) => void) | undefined;

  async function forward(name: string, request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const answer = await fetch(`${nodes.get(name)}/api/tsa`, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query' },
      body: Buffer.concat(chunks),
    });
    response.writeHead(answer.status, { 'content-type': 'application/timestamp-reply' });
    response.end(Buffer.from(await answer.arrayBuffer()));
    passed.set(name, (passed.get(name) ?? 0) + 1);
  }

  const server = createServer((request, response) => {
    const name = (request.url ?? '').split('/')[1] ?? '';
    if (!nodes.has(name)) {
      response.writeHead(404).end();
      return;
    }
    if (budget <= 0) {
      held.push(response);
      waiting?.(name);
      waiting = undefined;
      return;
    }
    budget -= 1;
    forward(name, request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    urlFor(name, nodeUrl) {
      nodes.set(name, nodeUrl);
      return `http://127.0.0.1:${port}/${name}/tsa`;
    },
    holdAfter(count) {
      budget = count;
    },
    open() {
      budget = Number.POSITIVE_INFINITY;
      for (const response of held.splice(0)) response.destroy();
    },
    nextHeld() {
      return new Promise((resolve) => (waiting = resolve));
    },
    passed,
    async close() {
      for (const response of held.splice(0)) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
