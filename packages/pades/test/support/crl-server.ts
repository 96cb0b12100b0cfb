import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestCrlServer {
  /** The base URL, e.g. http://127.0.0.1:PORT */
  url: string;
  /** What each path answers; a path not listed answers 404. */
  crls: Map<string, Buffer>;
  /** The paths asked for, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 (a free port) that publishes CRLs as a CA's distribution point does. */
export async function startCrlServer(): Promise<TestCrlServer> {
  const crls = new Map<string, Buffer>();
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '';
    requests.push(path);
    const crl = request.method === 'GET' ? crls.get(path) : undefined;
    response.writeHead(crl ? 200 : 404, { 'content-type': 'application/pkix-crl' });
    response.end(crl ?? Buffer.alloc(0));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    crls,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
