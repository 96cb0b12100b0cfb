import type { FastifyInstance } from 'fastify';
import { crlPaths, type PortalTrust } from './portal-trust.ts';

/**
 * The portal's own trust services over HTTP: the CRLs its certificates point to, the CA
 * certificates for validators and, only when the operator opens it (TSA_PUBLIC), the RFC 3161
 * time-stamp authority (POST /api/tsa) for others; signing reaches the TSA in-process.
 */
export async function registerPkiRoutes(
  app: FastifyInstance,
  trust: PortalTrust,
  options: { tsaPublic: boolean },
) {
  if (options.tsaPublic) await registerTimestampAuthority(app, trust);

  for (const [which, path] of Object.entries(crlPaths) as Array<['issuing' | 'root', string]>) {
    app.get(
      path,
      {
        schema: {
          tags: ['trust services'],
          summary: `The ${which} CA's certificate revocation list (DER)`,
        },
      },
      async (_request, reply) =>
        reply
          .type('application/pkix-crl')
          .header('Cache-Control', 'public, max-age=600')
          .send(await trust.crl(which)),
    );
  }
  const certificates = {
    root: trust.pki.root,
    issuing: trust.pki.issuing,
    tsa: trust.pki.timeStamping,
  } as const;
  for (const [name, credential] of Object.entries(certificates)) {
    app.get(
      `/api/pki/${name}.pem`,
      { schema: { tags: ['trust services'], summary: `The portal's ${name} certificate (PEM)` } },
      async (_request, reply) =>
        reply
          .type('application/x-pem-file')
          .header('Cache-Control', 'public, max-age=3600')
          .send(credential.certificatePem),
    );
  }
}

/** POST /api/tsa for RFC 3161 clients, rate-limited per address: each answer is a signature. */
async function registerTimestampAuthority(app: FastifyInstance, trust: PortalTrust) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/timestamp-query',
      { parseAs: 'buffer', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/api/tsa',
      {
        // A machine protocol without cookies: the request proves nothing about a session.
        config: { csrf: false, rateLimit: 'timestamp' },
        schema: {
          tags: ['trust services'],
          summary: 'RFC 3161 time-stamp authority (application/timestamp-query; TSA_PUBLIC=true)',
          hide: false,
        },
      },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) {
          return reply.status(415).type('text/plain').send('Send an application/timestamp-query.');
        }
        const answer = await trust.respondToTimestampRequest(request.body);
        return reply.type('application/timestamp-reply').send(answer);
      },
    );
  });
}
