import { apiRoutes, FileInfo, validationKeys } from '@esign/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileKind } from '../db/schema.ts';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { AppError } from '../errors/app-error.ts';
import { cleanFileName } from '../files/file-name.ts';
import { receiveToTemporaryFile } from '../files/receive-upload.ts';
import { sendStoredFile } from '../files/send-stored-file.ts';
import { requestContextOf, requireSession, userOf } from '../http/request-context.ts';
import type { SignFlowDeps } from './signflow-access.ts';
import { addFlowFile, findDownload, removeFlowFile } from './signflow-files.service.ts';

const Id = z.string().min(1).max(64);
const fieldIssue = (key: string, params?: Record<string, number>) =>
  new AppError('validation', { issues: [{ path: 'file', key, ...(params ? { params } : {}) }] });

/** Reads the multipart field 'file' to a temporary file; refuses a missing or too large file. */
async function receiveFile(request: FastifyRequest, deps: SignFlowDeps) {
  const maxMb = Math.round((deps.config.maxUploadBytes / 1024 / 1024) * 10) / 10;
  let part;
  try {
    part = await request.file({ limits: { fileSize: deps.config.maxUploadBytes, files: 1 } });
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw fieldIssue(validationKeys.required);
    throw error;
  }
  if (!part || part.fieldname !== 'file') throw fieldIssue(validationKeys.required);
  const fileName = cleanFileName(part.filename);
  if (fileName === '') throw fieldIssue(validationKeys.required);
  try {
    const received = await receiveToTemporaryFile(part.file, deps.config.dataDir);
    // The stream ends quietly at the limit; what arrived is not the whole file.
    if (part.file.truncated) {
      await received.discard();
      throw fieldIssue(validationKeys.fileTooLarge, { max: maxMb });
    }
    return { fileName, received };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fieldIssue(validationKeys.fileTooLarge, { max: maxMb });
    }
    throw error;
  }
}

/** Upload, removal and download of a flow's files (SPEC §7). */
export async function registerSignFlowFileRoutes(app: FastifyInstance, deps: SignFlowDeps) {
  await app.register(multipart, { throwFileSizeLimit: true });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sign flow files'];
  const base = { onRequest: requireSession };
  const upload = (kind: 'signfile' | 'attachment') => async (request: FastifyRequest) => {
    const { signFlowId } = request.params as { signFlowId: string };
    const file = await receiveFile(request, deps);
    return addFlowFile(deps, userOf(request), signFlowId, kind, file);
  };
  const uploadSchema = (summary: string) => ({
    tags,
    summary,
    consumes: ['multipart/form-data'],
    params: z.object({ signFlowId: Id }),
    response: { 200: FileInfo },
  });

  routes.post(
    apiRoutes.signFile,
    {
      ...base,
      schema: uploadSchema('Adds or replaces the file to sign (multipart field "file"; a PDF)'),
    },
    upload('signfile'),
  );
  routes.post(
    apiRoutes.attachment,
    { ...base, schema: uploadSchema('Adds an attachment (multipart field "file")') },
    upload('attachment'),
  );

  routes.delete(
    apiRoutes.signFile,
    {
      ...base,
      schema: { tags, summary: 'Removes the file to sign', params: z.object({ signFlowId: Id }) },
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
        params: z.object({ signFlowId: Id, attachmentId: Id }),
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
          params: z.object({ signflowId: Id, [fileParam]: Id }),
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
        );
        if (kind === 'signedfile' || kind === 'personalsignedfile') {
          await recordAuditEvent(
            deps.db,
            {
              operation: auditOperations.downloaded,
              flowId: file.flow_id,
              details: { kind },
              ...requestContextOf(request, userOf(request).email),
            },
            deps.clock.now(),
          );
        }
        return sendStoredFile(deps, request, reply, file);
      },
    );
  }
}
