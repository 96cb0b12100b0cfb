import { apiRoutes, FileInfo, RecordId } from '@esign/contract';
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
import { sendStoredFile, storedFileResponses } from '../files/send-stored-file.ts';
import { errorResponse, errorResponses, flowConflictResponse } from '../http/error-responses.ts';
import { sessionSecurity } from '../http/openapi.ts';
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
  const security = sessionSecurity;
  const base = { onRequest: requireSession };
  const notVisible = (what: string) =>
    errorResponse(
      404,
      `No such flow, or the caller may not see it, or it has no such ${what} (errors.notFound).`,
    );
  const notADraft = flowConflictResponse(
    'The flow is not a draft (sent meanwhile, or ended): its files can no longer change.',
  );
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
    security,
    consumes: ['multipart/form-data'],
    params: z.object({ signFlowId: RecordId }),
    response: {
      200: FileInfo,
      ...errorResponse(
        400,
        'The file is refused (issues, path `file`): missing or not in the field "file" (validation.required), a name another file of the flow has, too long a name, over the number of attachments, empty, encrypted, with active content, not a readable PDF (the file to sign), or of a type the portal does not accept (attachments).',
      ),
      ...errorResponses(401),
      ...notVisible('flow'),
      ...notADraft,
      ...errorResponse(
        413,
        'The file is over MAX_UPLOAD_MB (issues: `file` validation.fileTooLarge with { max } in MB; refused from the declared Content-Length before the body is read, session or not), or the request has more than the one part.',
      ),
    },
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
        security,
        params: z.object({ signFlowId: RecordId }),
        response: {
          204: z.null().describe('Removed'),
          ...errorResponses(400, 401),
          ...notVisible('file to sign'),
          ...notADraft,
        },
      },
    },
    async (request, reply) => {
      await removeFlowFile(deps, userOf(request), request.params.signFlowId, 'signfile');
      return reply.status(204).send(null);
    },
  );
  routes.delete(
    apiRoutes.attachmentItem,
    {
      ...base,
      schema: {
        tags,
        summary: 'Removes an attachment',
        security,
        params: z.object({ signFlowId: RecordId, attachmentId: RecordId }),
        response: {
          204: z.null().describe('Removed'),
          ...errorResponses(400, 401),
          ...notVisible('attachment'),
          ...notADraft,
        },
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
      return reply.status(204).send(null);
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
          security,
          params: z.object({ signflowId: RecordId, [fileParam]: RecordId }),
          response: {
            ...storedFileResponses(
              `The ${kind}`,
              kind === 'attachment' ? 'application/octet-stream' : 'application/pdf',
            ),
            ...errorResponses(400, 401),
            ...notVisible(kind),
          },
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
