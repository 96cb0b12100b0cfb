import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { ErrorBody, errorResponse, withoutClientErrors } from '../http/error-responses.ts';
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
  const published = (mediaType: string, description: string) => ({
    ...withoutClientErrors('No input and no login: published for every validator.'),
    response: { 200: { description, content: { [mediaType]: { schema: z.unknown() } } } },
  });

  const sendCrl = async (reply: FastifyReply, crl: Promise<Buffer>) =>
    reply
      .type('application/pkix-crl')
      .header('Cache-Control', 'public, max-age=600')
      .send(await crl);
  const crlAnswer = published('application/pkix-crl', 'The CRL (DER), fresh for ten minutes');
  app.get(
    crlPaths.root,
    {
      schema: {
        tags: ['trust services'],
        summary: "The root CA's certificate revocation list (DER)",
        ...crlAnswer,
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
        summary: "The first issuing CA's certificate revocation list (DER)",
        ...crlAnswer,
      },
    },
    async (_request, reply) => sendCrl(reply, trust.crl('issuing', undefined, 1)),
  );
  let lastReload = 0;
  app.get<{ Params: { generation: string } }>(
    '/api/pki/issuing-:generation.crl',
    {
      schema: {
        tags: ['trust services'],
        summary:
          "A later issuing CA's certificate revocation list (DER), by the PKI generation that created it",
        response: {
          ...crlAnswer.response,
          404: {
            description: 'No issuing CA was created by this generation (a rollover renews it).',
            content: { 'text/plain': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const generation = /^\d{1,6}$/.test(request.params.generation)
        ? Number(request.params.generation)
        : 0;
      const known = () => generation >= 2 && trust.issuingGenerations().includes(generation);
      // A generation another node made since this one last read the store: read it again,
      // at most once a minute, so that unknown numbers cannot make every request a read.
      if (!known() && generation >= 2 && Date.now() - lastReload > 60_000) {
        lastReload = Date.now();
        await trust.reload();
      }
      if (!known()) return reply.status(404).type('text/plain').send('No such CRL.');
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
      {
        schema: {
          tags: ['trust services'],
          summary: `The portal's ${name} certificate (PEM)`,
          ...published('application/x-pem-file', 'The certificate (PEM)'),
        },
      },
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
          consumes: ['application/timestamp-query'],
          response: {
            200: {
              description: 'The RFC 3161 TimeStampResp (DER), granted or with its rejection status',
              content: { 'application/timestamp-reply': { schema: z.unknown() } },
            },
            ...errorResponse(413, 'The request is over 64 KiB (errors.checkInput).'),
            415: {
              description:
                'Not an application/timestamp-query: a type the portal also reads (JSON, text) gets this text; any other the JSON error.',
              content: {
                'text/plain': { schema: z.string() },
                'application/json': { schema: ErrorBody },
              },
            },
          },
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
