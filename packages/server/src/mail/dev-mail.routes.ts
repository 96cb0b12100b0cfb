import { DevMailMessage, signingRoutes } from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/schema.ts';
import { withoutClientErrors } from '../http/error-responses.ts';
import { devMailboxShown, readDevMailbox } from './dev-mailbox.service.ts';

/** GET /api/dev/mail: the newest messages the portal would have sent (demo profile only). */
export async function registerDevMailRoutes(
  app: FastifyInstance,
  { config, db }: { config: AppConfig; db: Kysely<Database> },
) {
  // Anywhere else the path does not exist: the usual JSON 404.
  if (!devMailboxShown(config)) return;
  app.withTypeProvider<ZodTypeProvider>().get(
    signingRoutes.devMail,
    {
      schema: {
        tags: ['dev'],
        summary: 'The dev mailbox, newest first (demo profile without SMTP_URL only)',
        ...withoutClientErrors(
          'No input and no login (the demo shows every code and link to anyone it lets in: it listens on 127.0.0.1 unless HOST says otherwise).',
        ),
        response: { 200: z.array(DevMailMessage) },
      },
    },
    async () => readDevMailbox(db),
  );
}
