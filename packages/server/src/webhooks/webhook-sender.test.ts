import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowedHosts } from '../http/outbound-address.ts';
import { OutboundRefused, postJson, urlFormProblem } from './webhook-sender.ts';

// A TCP listener on 127.0.0.1 that counts who connects: the sender's own look-up must send the
// connection to the address it checked, and refuse before connecting otherwise.
describe('the webhook sender', () => {
  let server: Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const policy = parseAllowedHosts('127.0.0.1');
  const refusalOf = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof OutboundRefused ? error.key : String(error)),
    );

  it('connects a name to the address its check allowed', async () => {
    const before = connections;
    const key = await refusalOf(
      postJson(
        `https://hooks.example.test:${port}/`,
        '{}',
        {},
        {
          policy,
          allowHttp: false,
          resolve: async () => [{ address: '127.0.0.1', family: 4 }],
        },
      ),
    );
    // The listener speaks no TLS: the attempt fails after connecting, to 127.0.0.1.
    expect(key).toBe('webhooks.deliveryErrors.connectionFailed');
    expect(connections).toBe(before + 1);
  });

  it('refuses before connecting when any resolved address is not allowed', async () => {
    const before = connections;
    for (const addresses of [['127.0.0.2'], ['127.0.0.1', '10.0.0.1'], ['::ffff:127.0.0.2']]) {
      const key = await refusalOf(
        postJson(
          `https://hooks.example.test:${port}/`,
          '{}',
          {},
          {
            policy,
            allowHttp: false,
            resolve: async () =>
              addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
          },
        ),
      );
      expect(key).toBe('webhooks.deliveryErrors.addressNotAllowed');
    }
    const unknown = await refusalOf(
      postJson(
        'https://nowhere.example.test/',
        '{}',
        {},
        {
          policy,
          allowHttp: false,
          resolve: async () => {
            throw new Error('ENOTFOUND');
          },
        },
      ),
    );
    expect(unknown).toBe('webhooks.deliveryErrors.hostNotFound');
    expect(connections).toBe(before);
  });

  it('takes http only to 127.0.0.1 and only when allowed', () => {
    expect(urlFormProblem('http://127.0.0.1:8080/x', true)).toBeNull();
    expect(urlFormProblem('http://127.0.0.1:8080/x', false)).toBe('urlNotHttps');
    expect(urlFormProblem('http://localhost:8080/x', true)).toBe('urlNotHttps');
    expect(urlFormProblem('https://user:pass@example.com/', false)).toBe('urlNotHttps');
    expect(urlFormProblem('javascript:alert(1)', true)).toBe('urlNotHttps');
    expect(urlFormProblem('https://example.com/hook', false)).toBeNull();
  });
});
