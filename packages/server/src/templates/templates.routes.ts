import {
  FileInfo,
  SaveAsTemplateRequest,
  SignFlowDetailResponse,
  Template,
  TemplateFileParams,
  TemplateIdParams,
  TemplateListItem,
  TemplateListQuery,
  TemplatePage,
  templatePaths,
  templateRoutes,
  TemplateSaveRequest,
  TemplateUseRequest,
  RecordId,
} from '@esign/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cleanFileName } from '../files/file-name.ts';
import { receiveUploadedFile, refuseDeclaredOversize } from '../files/multipart-upload.ts';
import { sendStoredFile, storedFileResponses } from '../files/send-stored-file.ts';
import {
  errorResponse,
  errorResponses,
  flowConflictResponse,
  TemplateConflictBody,
} from '../http/error-responses.ts';
import { sessionSecurity } from '../http/openapi.ts';
import { requestContextOf, requireSession, userOf } from '../http/request-context.ts';
import type { SignFlowActionDeps } from '../signflows/signflow-access.ts';
import {
  addTemplateFile,
  findTemplateDownload,
  removeTemplateFile,
} from './template-files.service.ts';
import { useTemplate } from './template-flows.service.ts';
import {
  createTemplate,
  deleteTemplate,
  duplicateTemplate,
  listTemplatesFor,
  readTemplate,
  saveFlowAsTemplate,
  updateTemplate,
} from './templates.service.ts';

const contextOf = (request: FastifyRequest) => requestContextOf(request, userOf(request).email);

/**
 * The template calls (issue 18): list, read, create, change, delete, duplicate, their files,
 * a flow kept as a template, and a new flow from one. Multipart is registered by the flow
 * files' routes, which app.ts registers first.
 */
export async function registerTemplateRoutes(app: FastifyInstance, deps: SignFlowActionDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['templates'];
  const security = sessionSecurity;
  const base = { onRequest: requireSession };
  const notVisible = errorResponse(
    404,
    'No such template, or the caller may not see it (another user’s, not shared with a group of theirs): errors.notFound either way.',
  );
  const notEditable = errorResponse(
    403,
    'The caller may use the template but not change it: only its owner, and the members of its group when GroupCanEdit (errors.forbidden).',
  );
  const changed = errorResponse(
    409,
    'Another save changed the template since the caller read it (Version): issues `Version` validation.changedMeanwhile and `current`, the template as it is now; nothing was changed.',
    { body: TemplateConflictBody },
  );
  const badTemplate = errorResponse(
    400,
    'A field is not valid (issues), including a GroupId the caller may not share with (validation.unknownGroup) or a MinimumSignatureLevel the portal does not offer.',
  );

  routes.get(
    templatePaths.templates,
    {
      ...base,
      schema: {
        tags,
        security,
        summary:
          'The templates the caller may use (their own, and those shared with their groups); with any of q, sort, order, page, pageSize one page and the total',
        querystring: TemplateListQuery,
        response: {
          200: z.union([TemplatePage, z.array(TemplateListItem)]),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) => {
      const { items, total, paging } = await listTemplatesFor(deps, userOf(request), request.query);
      return paging
        ? { Items: items, Total: total, Page: paging.page, PageSize: paging.pageSize }
        : items;
    },
  );

  routes.post(
    templatePaths.templates,
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Creates a template of the caller’s (its files are added by their own calls)',
        body: TemplateSaveRequest,
        response: { 200: Template, ...badTemplate, ...errorResponses(401) },
      },
    },
    async (request) => createTemplate(deps, userOf(request), request.body, contextOf(request)),
  );

  routes.get(
    templateRoutes.template,
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'A template with its roles and files',
        params: TemplateIdParams,
        response: { 200: Template, ...errorResponses(400, 401), ...notVisible },
      },
    },
    async (request) => readTemplate(deps, userOf(request), request.params.templateId),
  );

  routes.put(
    templateRoutes.template,
    {
      ...base,
      schema: {
        tags,
        security,
        summary:
          'Replaces a template’s settings and roles (not its files); only its owner shares it (GroupId, GroupCanEdit)',
        params: TemplateIdParams,
        body: TemplateSaveRequest,
        response: {
          200: Template,
          ...badTemplate,
          ...errorResponses(401),
          ...notEditable,
          ...notVisible,
          ...changed,
        },
      },
    },
    async (request) =>
      updateTemplate(
        deps,
        userOf(request),
        request.params.templateId,
        request.body,
        contextOf(request),
      ),
  );

  routes.delete(
    templateRoutes.template,
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Deletes a template and its files; flows made of it keep their own copies',
        params: TemplateIdParams,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses(400, 401),
          ...notEditable,
          ...notVisible,
        },
      },
    },
    async (request, reply) => {
      await deleteTemplate(deps, userOf(request), request.params.templateId, contextOf(request));
      return reply.status(204).send(null);
    },
  );

  routes.post(
    templateRoutes.templateDuplicate,
    {
      ...base,
      schema: {
        tags,
        security,
        summary:
          'Copies a template the caller may use as a private template of theirs (files copied)',
        params: TemplateIdParams,
        body: SaveAsTemplateRequest.pick({ Name: true }),
        response: { 200: Template, ...errorResponses(400, 401), ...notVisible },
      },
    },
    async (request) =>
      duplicateTemplate(
        deps,
        userOf(request),
        request.params.templateId,
        request.body.Name,
        contextOf(request),
      ),
  );

  routes.post(
    templateRoutes.signFlowTemplate,
    {
      ...base,
      schema: {
        tags,
        security,
        summary:
          'Keeps a flow the caller may see (draft or sent) as a private template: settings, message, files (copied) and its signers as roles',
        params: z.object({ signFlowId: RecordId }),
        body: SaveAsTemplateRequest,
        response: {
          200: Template,
          ...errorResponses(400, 401),
          ...errorResponse(404, 'No such flow, or the caller may not see it (errors.notFound).'),
        },
      },
    },
    async (request) =>
      saveFlowAsTemplate(
        deps,
        userOf(request),
        request.params.signFlowId,
        request.body,
        contextOf(request),
      ),
  );

  routes.post(
    templateRoutes.templateSignFlows,
    {
      ...base,
      schema: {
        tags,
        security,
        summary:
          'A new flow of the caller’s from a template they may use: everything copied (files too), the roles filled with Signers; with Send true it is sent at once',
        params: TemplateIdParams,
        body: TemplateUseRequest,
        response: {
          200: SignFlowDetailResponse,
          ...errorResponse(
            400,
            'A person is not valid, a role without a fixed person was given none (issues under Signers.{role index}), a RoleGuid names no role of the template; with Send, what sending demands (SPEC §5: a file to sign, a sign order, a signature level). A flow refused at sending stays a draft.',
          ),
          ...errorResponses(401),
          ...notVisible,
          ...flowConflictResponse('Send: the new draft changed while it was being sent.'),
        },
      },
    },
    async (request) =>
      useTemplate(
        deps,
        userOf(request),
        request.params.templateId,
        request.body,
        contextOf(request),
      ),
  );

  // Files: the file to sign (one; a new one replaces it) and attachments.
  const uploadBase = {
    onRequest: [refuseDeclaredOversize(deps.config.maxUploadBytes), requireSession],
  };
  const uploadSchema = (summary: string) => ({
    tags,
    summary,
    security,
    consumes: ['multipart/form-data'],
    params: TemplateIdParams,
    response: {
      200: FileInfo,
      ...errorResponse(
        400,
        'The file is refused (issues, path `file`), by the rules of a flow’s files: missing, a name another file has, too long a name, over the number of attachments, empty, encrypted, with active content, not a readable PDF (the file to sign), or of a type the portal does not accept.',
      ),
      ...errorResponses(401),
      ...notEditable,
      ...notVisible,
      ...errorResponse(
        413,
        'The file is over MAX_UPLOAD_MB (issues: `file` validation.fileTooLarge with { max } in MB), or the request has more than the one part.',
      ),
    },
  });
  const upload = (kind: 'signfile' | 'attachment') => async (request: FastifyRequest) => {
    const { templateId } = request.params as { templateId: string };
    const file = await receiveUploadedFile(request, {
      maxBytes: deps.config.maxUploadBytes,
      scratch: deps.scratch,
      cleanName: cleanFileName,
    });
    return addTemplateFile(deps, userOf(request), templateId, kind, file);
  };
  routes.post(
    templateRoutes.templateSignFile,
    {
      ...uploadBase,
      schema: uploadSchema('Adds or replaces the template’s file to sign (multipart field "file")'),
    },
    upload('signfile'),
  );
  routes.post(
    templateRoutes.templateAttachment,
    {
      ...uploadBase,
      schema: uploadSchema('Adds an attachment to the template (multipart field "file")'),
    },
    upload('attachment'),
  );
  routes.delete(
    templateRoutes.templateSignFile,
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Removes the template’s file to sign',
        params: TemplateIdParams,
        response: {
          204: z.null().describe('Removed'),
          ...errorResponses(400, 401),
          ...notEditable,
          ...notVisible,
          ...changed,
        },
      },
    },
    async (request, reply) => {
      await removeTemplateFile(deps, userOf(request), request.params.templateId, 'signfile');
      return reply.status(204).send(null);
    },
  );
  routes.delete(
    templateRoutes.templateAttachmentItem,
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Removes an attachment of the template',
        params: TemplateFileParams,
        response: {
          204: z.null().describe('Removed'),
          ...errorResponses(400, 401),
          ...notEditable,
          ...notVisible,
          ...changed,
        },
      },
    },
    async (request, reply) => {
      await removeTemplateFile(
        deps,
        userOf(request),
        request.params.templateId,
        'attachment',
        request.params.fileId,
      );
      return reply.status(204).send(null);
    },
  );
  routes.get(
    templateRoutes.templateFile,
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Downloads a file of the template (supports Range)',
        params: TemplateFileParams,
        response: {
          ...storedFileResponses('The file'),
          ...errorResponses(400, 401),
          ...notVisible,
        },
      },
    },
    async (request, reply) => {
      const file = await findTemplateDownload(
        deps,
        userOf(request),
        request.params.templateId,
        request.params.fileId,
      );
      return sendStoredFile(deps, request, reply, file);
    },
  );
}
