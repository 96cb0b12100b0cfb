import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a test TSA does with one query: answer it, never answer ('hang'), or cut the connection ('drop'). */
export type TestTsaHandler = (
  query: Buffer,
  request: IncomingMessage,
) => Promise<{ status: number; contentType?: string; body: Buffer } | 'hang' | 'drop'>;

export interface TestTsaServer {
  url: string;
  /** How many queries reached the server. */
  readonly requestCount: number;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An HTTP TSA on 127.0.0.1 (a free port) that hands each POSTed query to `handler`. */
export async function startTestTsaServer(handler: TestTsaHandler): Promise<TestTsaServer> {
  let requestCount = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    requestCount++;
    void readBody(request)
      .then((query) => handler(query, request))
      .then((answer) => {
        if (answer === 'hang') return;
        if (answer === 'drop') {
          request.socket.destroy();
          return;
        }
        response.writeHead(answer.status, {
          'content-type': answer.contentType ?? 'application/timestamp-reply',
        });
        response.end(answer.body);
      })
      .catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tsa`,
    get requestCount() {
      return requestCount;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The usual handler: application/timestamp-query in, the responder's reply out. */
export function serveResponder(respond: (query: Buffer) => Promise<Buffer>): TestTsaHandler {
  return async (query, request) => {
    if (
      request.method !== 'POST' ||
      request.headers['content-type'] !== 'application/timestamp-query'
    ) {
      return {
        status: 415,
        contentType: 'text/plain',
        body: Buffer.from('expected application/timestamp-query'),
      };
    }
    return { status: 200, body: await respond(query) };
  };
}
