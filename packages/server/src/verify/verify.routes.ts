import { VerifyReportQuery, VerifyResult, verifyPaths } from '@esign/contract';
import multipart from '@fastify/multipart';
import contentDisposition from 'content-disposition';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cleanFileName } from '../files/file-name.ts';
import {
  receiveUploadedFile,
  refuseDeclaredOversize,
  uploadLimits,
} from '../files/multipart-upload.ts';
import type { ReceivedFile } from '../files/receive-upload.ts';
import { errorResponse } from '../http/error-responses.ts';
import { reportReceivedFile, verifyReceivedFile, type VerifyDeps } from './verify.service.ts';

const tags = ['verification'];

/** What both calls refuse about the file itself. */
const fileRefusals = (also = '') => ({
  ...errorResponse(
    400,
    `The file is refused (issues, path \`file\`): missing or not in the field "file", empty, encrypted, or not a PDF; or a PDF the verifier cannot read (verify.errors.unreadable)${also}.`,
  ),
  ...errorResponse(
    413,
    'The file is over MAX_UPLOAD_MB (issues: `file` validation.fileTooLarge with { max } in MB; refused from the declared Content-Length before the body is read), or the request has more than the one part.',
  ),
});

/** Reads the multipart field 'file' to a temporary file, runs `work` on it and removes it. */
async function withUploadedFile<T>(
  request: FastifyRequest,
  deps: VerifyDeps,
  work: (file: ReceivedFile, fileName: string) => Promise<T>,
): Promise<T> {
  const { fileName, received } = await receiveUploadedFile(request, {
    maxBytes: deps.config.maxUploadBytes,
    scratch: deps.scratch,
    cleanName: cleanFileName,
  });
  try {
    return await work(received, fileName);
  } finally {
    await received.discard();
  }
}

/**
 * The public verification (no login): a PDF in, its signatures' report out, as JSON or as a
 * sealed PDF. Rate-limited per address; the XSRF check applies as to every anonymous POST.
 */
export async function registerVerifyRoutes(app: FastifyInstance, deps: VerifyDeps) {
  // The sign flows' upload routes may have registered it for the whole app already.
  if (!app.hasRequestDecorator('parts'))
    await app.register(multipart, {
      throwFileSizeLimit: true,
      limits: uploadLimits(deps.config.maxUploadBytes),
    });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const base = {
    config: { rateLimit: 'verify' as const },
    // A declared length over the limit is refused before the body is read.
    onRequest: refuseDeclaredOversize(deps.config.maxUploadBytes),
  };

  routes.post(
    verifyPaths.verify,
    {
      ...base,
      schema: {
        tags,
        summary: 'Verifies the signatures of a PDF (multipart field "file"); keeps nothing',
        consumes: ['multipart/form-data'],
        response: { 200: VerifyResult, ...fileRefusals() },
      },
    },
    (request) => withUploadedFile(request, deps, (file) => verifyReceivedFile(deps, file)),
  );

  routes.post(
    verifyPaths.report,
    {
      ...base,
      schema: {
        tags,
        summary: 'The same verification as a PDF report sealed by the portal',
        consumes: ['multipart/form-data'],
        querystring: VerifyReportQuery,
        response: {
          200: {
            description: 'The report (PDF/A), sealed by the portal, named in Content-Disposition',
            content: { 'application/pdf': { schema: z.unknown() } },
          },
          ...fileRefusals(', or Language is not one of the portal’s'),
        },
      },
    },
    async (request, reply) => {
      const report = await withUploadedFile(request, deps, (file, fileName) =>
        reportReceivedFile(deps, file, fileName, request.query.Language),
      );
      return reply
        .type('application/pdf')
        .header('Content-Disposition', contentDisposition(report.fileName))
        .send(report.pdf);
    },
  );
}
