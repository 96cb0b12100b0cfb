import { apiRoutes, ErrorBody, FileInfo, RecordId } from '@esign/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileKind } from '../db/schema.ts';
import { cleanFileName } from '../files/file-name.ts';
import {
  receiveUploadedFile,
  refuseDeclaredOversize,
  uploadLimits,
} from '../files/multipart-upload.ts';
import { sendStoredFile } from '../files/send-stored-file.ts';
import { requestContextOf, requireSession, userOf } from '../http/request-context.ts';
import type { SignFlowDeps } from './signflow-access.ts';
import { addFlowFile, findDownload, removeFlowFile } from './signflow-files.service.ts';

/** Reads the multipart field 'file' to a temporary file; refuses a missing or too large file. */
const receiveFile = (request: FastifyRequest, deps: SignFlowDeps) =>
  receiveUploadedFile(request, {
    maxBytes: deps.config.maxUploadBytes,
    scratch: deps.scratch,
    cleanName: cleanFileName,
  });

/** Upload, removal and download of a flow's files (SPEC §7). */
export async function registerSignFlowFileRoutes(app: FastifyInstance, deps: SignFlowDeps) {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: uploadLimits(deps.config.maxUploadBytes),
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sign flow files'];
  const base = { onRequest: requireSession };
  // A declared length over the limit is refused before the body is read (or the session).
  const uploadBase = {
    onRequest: [refuseDeclaredOversize(deps.config.maxUploadBytes), requireSession],
  };
  const upload = (kind: 'signfile' | 'attachment') => async (request: FastifyRequest) => {
    const { signFlowId } = request.params as { signFlowId: string };
    const file = await receiveFile(request, deps);
    return addFlowFile(deps, userOf(request), signFlowId, kind, file);
  };
  const uploadSchema = (summary: string) => ({
    tags,
    summary,
    consumes: ['multipart/form-data'],
    params: z.object({ signFlowId: RecordId }),
    response: { 200: FileInfo },
  });

  routes.post(
    apiRoutes.signFile,
    {
      ...uploadBase,
      schema: uploadSchema('Adds or replaces the file to sign (multipart field "file"; a PDF)'),
    },
    upload('signfile'),
  );
  routes.post(
    apiRoutes.attachment,
    { ...uploadBase, schema: uploadSchema('Adds an attachment (multipart field "file")') },
    upload('attachment'),
  );

  routes.delete(
    apiRoutes.signFile,
    {
      ...base,
      schema: {
        tags,
        summary: 'Removes the file to sign',
        params: z.object({ signFlowId: RecordId }),
      },
    },
    async (request, reply) => {
      await removeFlowFile(deps, userOf(request), request.params.signFlowId, 'signfile');
      return reply.status(204).send();
    },
  );
  routes.delete(
    apiRoutes.attachmentItem,
    {
      ...base,
      schema: {
        tags,
        summary: 'Removes an attachment',
        params: z.object({ signFlowId: RecordId, attachmentId: RecordId }),
      },
    },
    async (request, reply) => {
      await removeFlowFile(
        deps,
        userOf(request),
        request.params.signFlowId,
        'attachment',
        request.params.attachmentId,
      );
      return reply.status(204).send();
    },
  );

  const downloads: Array<[string, FileKind]> = [
    [apiRoutes.downloadSignFile, 'signfile'],
    [apiRoutes.downloadSignedFile, 'signedfile'],
    [apiRoutes.downloadPersonalSignedFile, 'personalsignedfile'],
    [apiRoutes.downloadAttachment, 'attachment'],
    [apiRoutes.downloadEvidenceReport, 'evidencereport'],
  ];
  for (const [path, kind] of downloads) {
    const fileParam = path.endsWith(':attachmentGuid') ? 'attachmentGuid' : 'fileGuid';
    routes.get(
      path,
      {
        ...base,
        schema: {
          tags,
          summary: `Downloads the ${kind} (supports Range)`,
          params: z.object({ signflowId: RecordId, [fileParam]: RecordId }),
          // The file's bytes; no session 401, a flow or file the user may not see 404.
          ...(kind === 'evidencereport'
            ? {
                response: {
                  200: z.unknown().describe('the evidence report (application/pdf)'),
                  401: ErrorBody,
                  404: ErrorBody,
                },
              }
            : {}),
        },
      },
      async (request, reply) => {
        const params = request.params as Record<string, string>;
        const file = await findDownload(
          deps,
          userOf(request),
          params.signflowId ?? '',
          params[fileParam] ?? '',
          kind,
          requestContextOf(request, userOf(request).email),
        );
        return sendStoredFile(deps, request, reply, file);
      },
    );
  }
}
