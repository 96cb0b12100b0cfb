// The CSC test service as its own process, for e2e and manual trials:
//   node packages/pades/test/support/csc-service-cli.ts --port 4010 [--host 127.0.0.1]
//     [--client-id esign-portal] [--client-secret csc-test-secret] [--redirect-uri URL ...]
//     [--user 'maija@example.fi:Maija Meikäläinen:311280-999J' ...] [--root-out root.pem]
// Each --user gets a qualified credential of their own (the e-mail is its userID and is in
// its certificate; the name and identity code, if given, are in its subject); without one,
// a single credential for anyone. Prints the portal's settings as KEY=value lines (CSC_USERS
// last) once it listens; stops on SIGINT or SIGTERM.
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
    user: { type: 'string', multiple: true },
    'root-out': { type: 'string' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port: 0-65535');
const users = (values.user ?? []).map((spec) => {
  const [email = '', name, code] = spec.split(':');
  if (!email.includes('@')) throw new Error(`--user ${spec}: EMAIL[:NAME[:IDENTITY CODE]]`);
  return { email, name: name || email, code };
});
const service = await startCscTestService({
  port,
  host: values.host,
  users: users.map((user) => ({
    userID: user.email,
    subject: {
      country: 'FI',
      commonName: user.name,
      ...(user.code ? { serialNumber: `PNOFI-${user.code}` } : {}),
    },
  })),
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
    `CSC_USERS=${users.map((user) => user.email).join(',')}`,
    '',
  ].join('\n'),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void service.close().then(() => process.exit(0)));
