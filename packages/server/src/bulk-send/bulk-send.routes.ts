import { readFile } from 'node:fs/promises';
import {
  BatchIdParams,
  BulkBatch,
  BulkCheckResult,
  BulkTemplateInfo,
  bulkLimits,
  bulkRoutes,
  TemplateIdParams,
} from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cleanFileName } from '../files/file-name.ts';
import { receiveUploadedFile, refuseDeclaredOversize } from '../files/multipart-upload.ts';
import type { Scratch } from '../files/scratch.ts';
import { errorResponse, errorResponses } from '../http/error-responses.ts';
import { sessionSecurity } from '../http/openapi.ts';
import { requestContextOf, requireSession, userOf } from '../http/request-context.ts';
import {
  cancelBatch,
  checkBulkFile,
  readBatch,
  readBulkTemplate,
  sendBatch,
  type BulkSendDeps,
} from './bulk-send.service.ts';

/**
 * Bulk send's calls: check a CSV against a template (making a batch), send or cancel the
 * batch, follow its progress. The owner's session or an API token (signflows scopes).
 */
export async function registerBulkSendRoutes(
  app: FastifyInstance,
  deps: BulkSendDeps & { scratch: Scratch },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Bulk send'];
  const security = sessionSecurity;
  const notOwned = errorResponse(
    404,
    'No batch of this id that the caller made: unknown, or another user’s (errors.notFound either way).',
  );
  const read = { apiScope: 'signflows:read' as const };
  const write = { apiScope: 'signflows:write' as const };

  routes.post(
    bulkRoutes.templateBulk,
    {
      onRequest: [refuseDeclaredOversize(bulkLimits.maxCsvBytes), requireSession],
      config: write,
      schema: {
        tags,
        security,
        summary: 'Checks a CSV (multipart field "file") against a template and keeps it as a batch',
        description:
          'UTF-8 with or without a BOM, "," or ";" (detected), a header row naming each open role\'s name and e-mail address (and optionally its personal identity code) and the flow\'s name and note, in Finnish, English or Swedish; one row per flow, at most BULK_SEND_MAX_ROWS. Every row is checked; Problems lists each by row (as a spreadsheet numbers it, the header being row 1; 0 for the whole file) and column with its validation key. Nothing is queued: send the batch (POST Batches/{id}/send) when Problems is empty.',
        consumes: ['multipart/form-data'],
        params: TemplateIdParams,
        response: {
          200: BulkCheckResult,
          ...errorResponse(
            400,
            'The upload is refused (issues, path `file`): no file in the field "file" (validation.required).',
          ),
          ...errorResponses(401),
          ...errorResponse(
            404,
            'No template of this id that the caller may use (errors.notFound).',
          ),
          ...errorResponse(
            413,
            'The file is over 2 MB (issues: `file` validation.fileTooLarge with { max } in MB), or the request has more than the one part.',
          ),
        },
      },
    },
    async (request) => {
      const file = await receiveUploadedFile(request, {
        maxBytes: bulkLimits.maxCsvBytes,
        scratch: deps.scratch,
        cleanName: cleanFileName,
      });
      try {
        const bytes = await readFile(file.received.path);
        return await checkBulkFile(deps, userOf(request), request.params.templateId, bytes);
      } finally {
        await file.received.discard();
      }
    },
  );

  routes.get(
    bulkRoutes.templateBulk,
    {
      onRequest: requireSession,
      config: read,
      schema: {
        tags,
        security,
        summary:
          "The template's roles a bulk CSV fills (those without a fixed person), for its headers",
        params: TemplateIdParams,
        response: {
          200: BulkTemplateInfo,
          ...errorResponses(400, 401),
          ...errorResponse(
            404,
            'No template of this id that the caller may use (errors.notFound).',
          ),
        },
      },
    },
    async (request) => readBulkTemplate(deps, userOf(request), request.params.templateId),
  );

  routes.get(
    bulkRoutes.batch,
    {
      onRequest: requireSession,
      config: read,
      schema: {
        tags,
        security,
        summary: "A batch's progress: rows queued, sent, failed (with the reason) and cancelled",
        params: BatchIdParams,
        response: { 200: BulkBatch, ...errorResponses(400, 401), ...notOwned },
      },
    },
    async (request) => readBatch(deps, userOf(request), request.params.id),
  );

  routes.post(
    bulkRoutes.batchSend,
    {
      onRequest: requireSession,
      config: write,
      schema: {
        tags,
        security,
        summary: 'Sends a checked batch: each row becomes one flow, sent to its signers by jobs',
        params: BatchIdParams,
        response: {
          200: BulkBatch,
          ...errorResponses(400, 401),
          ...notOwned,
          ...errorResponse(
            409,
            'The file had problems (bulk.errors.hasProblems: upload the fixed file again), or the batch was sent or cancelled already (bulk.errors.notWaiting).',
          ),
        },
      },
    },
    async (request) => {
      const caller = userOf(request);
      return sendBatch(deps, caller, request.params.id, requestContextOf(request, caller.email));
    },
  );

  routes.post(
    bulkRoutes.batchCancel,
    {
      onRequest: requireSession,
      config: write,
      schema: {
        tags,
        security,
        summary: 'Cancels a batch: rows not yet sent are never sent',
        description:
          'A row whose flow is being made at that moment finishes; flows already sent stay sent (cancel them one by one).',
        params: BatchIdParams,
        response: {
          200: BulkBatch,
          ...errorResponses(400, 401),
          ...notOwned,
          ...errorResponse(
            409,
            'The batch is not waiting or being sent any more: all sent, or cancelled already (bulk.errors.notSending).',
          ),
        },
      },
    },
    async (request) => {
      const caller = userOf(request);
      return cancelBatch(deps, caller, request.params.id, requestContextOf(request, caller.email));
    },
  );
}
