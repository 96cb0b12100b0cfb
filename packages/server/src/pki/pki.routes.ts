import type { FastifyInstance, FastifyReply } from 'fastify';
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

  const sendCrl = async (reply: FastifyReply, crl: Promise<Buffer>) =>
    reply
      .type('application/pkix-crl')
      .header('Cache-Control', 'public, max-age=600')
      .send(await crl);
  app.get(
    crlPaths.root,
    {
      schema: {
        tags: ['trust services'],
        summary: "The root CA's certificate revocation list (DER)",
      },
    },
    async (_request, reply) => sendCrl(reply, trust.crl('root')),
  );
  // Each issuing CA's CRL stays published for the certificates it issued: the first's at
  // issuing.crl, a later generation's (a rollover) at issuing-<generation>.crl.
  app.get(
    crlPaths.issuing,
    {
      schema: {
        tags: ['trust services'],
        summary: "The issuing CA's certificate revocation list (DER)",
      },
    },
    async (_request, reply) => sendCrl(reply, trust.crl('issuing', undefined, 1)),
  );
  app.get<{ Params: { generation: string } }>(
    '/api/pki/issuing-:generation(^\\d{1,6}).crl',
    {
      schema: {
        tags: ['trust services'],
        summary:
          "A later issuing CA's certificate revocation list (DER), by the PKI generation that created it",
      },
    },
    async (request, reply) => {
      const generation = Number(request.params.generation);
      if (generation < 2 || !trust.issuingGenerations().includes(generation)) {
        await trust.reload();
        if (generation < 2 || !trust.issuingGenerations().includes(generation))
          return reply.status(404).type('text/plain').send('No such CRL.');
      }
      return sendCrl(reply, trust.crl('issuing', undefined, generation));
    },
  );
  // Read at each request: a rollover replaces the issuing CA and the TSA certificate.
  const certificates = {
    root: () => trust.pki.root,
    issuing: () => trust.pki.issuing,
    tsa: () => trust.pki.timeStamping,
  } as const;
  for (const [name, credential] of Object.entries(certificates)) {
    app.get(
      `/api/pki/${name}.pem`,
      { schema: { tags: ['trust services'], summary: `The portal's ${name} certificate (PEM)` } },
      async (_request, reply) =>
        reply
          .type('application/x-pem-file')
          .header('Cache-Control', 'public, max-age=3600')
          .send(credential().certificatePem),
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
