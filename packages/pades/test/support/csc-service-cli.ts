// The CSC test service as its own process, for e2e and manual trials:
//   node --import tsx packages/pades/test/support/csc-service-cli.ts --port 4010 [--host 127.0.0.1]
//     [--client-id esign-portal] [--client-secret csc-test-secret] [--redirect-uri URL ...]
//     [--root-out root.pem]
// Prints the portal's settings as KEY=value lines (CSC_BASE_URL first) once it listens;
// stops on SIGINT or SIGTERM.
import { X509Certificate } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultTestClient, startCscTestService } from './csc-service.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    'client-id': { type: 'string', default: defaultTestClient.id },
    'client-secret': { type: 'string', default: defaultTestClient.secret },
    'redirect-uri': { type: 'string', multiple: true },
    'root-out': { type: 'string' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port: 0-65535');
const service = await startCscTestService({
  port,
  host: values.host,
  client: {
    id: values['client-id'],
    secret: values['client-secret'],
    ...(values['redirect-uri'] ? { redirectUris: values['redirect-uri'] } : {}),
  },
});
if (values['root-out'])
  writeFileSync(values['root-out'], new X509Certificate(service.root).toString());
process.stdout.write(
  [
    `CSC_BASE_URL=${service.baseUrl}`,
    `CSC_OAUTH_URL=${service.oauthUrl}`,
    `CSC_CLIENT_ID=${service.client.id}`,
    `CSC_CLIENT_SECRET=${service.client.secret}`,
    `CSC_CREDENTIAL_ID=${service.credential.id}`,
    '',
  ].join('\n'),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void service.close().then(() => process.exit(0)));
