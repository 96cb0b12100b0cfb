import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerOpenApi } from '../src/http/openapi.ts';
import { createTokenAs } from './support/api-tokens.ts';
import { TestClient } from './support/client.ts';
import {
  bearerCaller,
  browserCaller,
  fetchDocument,
  hiddenWithoutReason,
  operationsOf,
  undeclaredAnswers,
  undocumentedRoutes,
  validateDocument,
  type Caller,
} from './support/openapi-probe.ts';
import {
  documentProblems,
  operationProblems,
  type OpenApiDocument,
  type OpenApiOperation,
} from './support/openapi-rules.ts';
import { useSamlTestApp } from './support/saml-app.ts';
import { useTestApp } from './support/test-app.ts';

describe('the rules every documented operation is held to', () => {
  const documented: OpenApiOperation = {
    parameters: [{ in: 'path', name: 'guid' }],
    requestBody: {},
    security: [{ sessionCookie: [] }, { bearerAuth: ['signflows:write'] }],
    responses: {
      200: { description: 'The flow' },
      400: { description: 'Not valid' },
      401: { description: 'Not signed in' },
      404: { description: 'No such flow' },
    },
  };

  it('finds nothing wrong with an operation that documents its refusals', () => {
    expect(operationProblems(documented)).toEqual([]);
  });

  it('refuses an operation that declares only its success', () => {
    expect(operationProblems({ ...documented, responses: { 200: { description: 'ok' } } })).toEqual(
      [
        'declares no 4xx answer (nor x-no-client-errors saying why it has none)',
        'takes path parameters but declares no 404 (nor x-no-not-found saying why)',
        'takes a body but declares no 400',
        'requires credentials but declares no 401',
      ],
    );
  });

  it('takes a reason instead of a 4xx or a 404, but not an empty one', () => {
    const bare = { responses: { 200: { description: 'ok' } } };
    expect(operationProblems({ ...bare, 'x-no-client-errors': 'No input.' })).toEqual([]);
    expect(operationProblems({ ...bare, 'x-no-client-errors': ' ' })).toHaveLength(1);
    const withParameter = {
      parameters: [{ in: 'path', name: 'uid' }],
      responses: { 200: { description: 'ok' }, 400: { description: 'expired' } },
    };
    expect(operationProblems(withParameter)).toHaveLength(1);
    expect(operationProblems({ ...withParameter, 'x-no-not-found': 'Expired: 400.' })).toEqual([]);
  });

  it('refuses an error answer that does not say when, a bearer scope it does not know, and no success', () => {
    expect(
      operationProblems({
        security: [{ bearerAuth: ['flows:everything'] }],
        responses: { 401: { description: 'Default Response' } },
      }),
    ).toEqual([
      'declares no success answer',
      'bearerAuth names no single known scope: ["flows:everything"]',
      'answers 401 without saying when',
    ]);
  });

  it('lets an optional session go without a 401', () => {
    expect(
      operationProblems({
        security: [{}, { sessionCookie: [] }],
        responses: { 200: { description: 'ok' }, 403: { description: 'csrf' } },
      }),
    ).toEqual([]);
  });
});

describe('the OpenAPI document of the portal (built-in login, public time-stamp authority)', () => {
  const context = useTestApp('sqlite', { TSA_PUBLIC: 'true' });
  let document: OpenApiDocument;
  beforeAll(async () => {
    document = await fetchDocument(context.app);
  });

  it('is OpenAPI 3.1.0, valid against the 3.1 schema, and renders at /api/docs', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(await validateDocument(document)).toEqual({ valid: true, errors: '[]' });
    const page = await context.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('documents every registered route but those hidden on purpose', () => {
    expect(undocumentedRoutes(context.app, document)).toEqual([]);
    expect(hiddenWithoutReason(context.app)).toEqual([]);
    expect(operationsOf(document).length).toBeGreaterThan(60);
  });

  it('declares for every operation its success, its refusals and when each comes', () => {
    expect(documentProblems(document)).toEqual([]);
  });

  it('names the scope an API token needs on each sign-flow, template and report call, and on no other', () => {
    const bearerScopes = Object.fromEntries(
      operationsOf(document).flatMap(({ path, method, operation }) =>
        (operation.security ?? [])
          .filter((requirement) => requirement.bearerAuth)
          .map((requirement) => [`${method} ${path}`, requirement.bearerAuth?.[0]]),
      ),
    );
    expect(bearerScopes).toMatchObject({
      'get /api/esign/SignFlows': 'signflows:read',
      'post /api/esign/SignFlows': 'signflows:write',
      'get /api/esign/SignFlows/{guid}/send': 'signflows:write',
      'get /api/esign/SignFlows/{signFlowId}/check': 'signflows:write',
      'delete /api/esign/SignFlows/{signFlowId}/attachment/{attachmentId}': 'signflows:write',
      'get /api/esign/SignFlows/{signflowId}/signedfile/{fileGuid}': 'signflows:read',
      'get /api/esign/Report/signings': 'reports:read',
      'get /api/esign/Report/authentications': 'reports:read',
      // Templates make flows: the sign-flow scopes cover them.
      'get /api/esign/Templates': 'signflows:read',
      'post /api/esign/Templates/{templateId}/signflows': 'signflows:write',
      'put /api/esign/Templates/{templateId}': 'signflows:write',
      'post /api/esign/Templates/{templateId}/bulk': 'signflows:write',
      'get /api/esign/Templates/{templateId}/bulk': 'signflows:read',
      'get /api/esign/Batches/{id}': 'signflows:read',
      'post /api/esign/Batches/{id}/send': 'signflows:write',
      'post /api/esign/Batches/{id}/cancel': 'signflows:write',
    });
    for (const key of Object.keys(bearerScopes))
      expect(key).toMatch(
        / \/api\/esign\/(SignFlows|Templates|Batches|Report\/(signings|authentications)$)/,
      );
    expect(document.paths['/api/esign/ApiTokens']?.post?.security).toEqual([{ sessionCookie: [] }]);
    const scheme = JSON.stringify(document.components?.securitySchemes?.bearerAuth);
    for (const scope of ['signflows:read', 'signflows:write', 'reports:read'])
      expect(scheme).toContain(`\`${scope}\``);
  });

  it('answers nothing that the document does not declare, whoever calls', async () => {
    const { app } = context;
    const anonymousBrowser = new TestClient(app);
    await anonymousBrowser.get('/api/esign/users/current');
    const user = new TestClient(app);
    await user.login('user@example.com', 'user-demo');
    const admin = new TestClient(app);
    await admin.login('admin@example.com', 'admin-demo');
    const readToken = await createTokenAs(user, ['signflows:read']);
    const callers: Record<string, Caller> = {
      anonymous: (method, url, payload) =>
        app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) }),
      'anonymous browser': browserCaller(anonymousBrowser),
      'unknown API token': bearerCaller(app, `esign_pat_${'x'.repeat(43)}`),
      'signflows:read token': bearerCaller(app, readToken.Token),
      user: browserCaller(user),
      administrator: browserCaller(admin),
    };
    const { undeclared, statuses } = await undeclaredAnswers(document, callers);
    expect(undeclared).toEqual([]);
    // The calls reached the routes' own refusals, not only the login and XSRF checks.
    expect(Object.keys(statuses)).toEqual(
      expect.arrayContaining(['200', '303', '400', '401', '403', '404', '415']),
    );
  }, 120_000);

  it('sends every field of an error body through the declared schemas', async () => {
    const browser = new TestClient(context.app);
    await browser.login('user@example.com', 'user-demo');
    const draft = (
      await browser.post('/api/esign/SignFlows', { Name: 'Sopimus', Signers: [] })
    ).json<{
      Guid: string;
    }>();

    // A 409 on a flow carries the flow's state now.
    const cancel = await browser.post(`/api/esign/SignFlows/${draft.Guid}/cancel`, {
      Comment: '',
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toEqual({
      status: 409,
      key: 'errors.checkInput',
      message: expect.any(String),
      issues: [{ path: 'Status', key: 'validation.notEditable' }],
      current: { Guid: draft.Guid, Status: 'Draft', SignFlowDetailsStatus: null },
    });

    // A 400 names each field with its key and parameters.
    const tooLong = await browser.post('/api/esign/SignFlows', {
      Name: 'x'.repeat(1000),
      Signers: [],
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      status: 400,
      key: 'errors.checkInput',
      message: expect.any(String),
      issues: [{ path: 'Name', key: 'validation.maxLength', params: { n: expect.any(Number) } }],
    });

    // A 403 with a precise key and the field it is about.
    const adminScope = await browser.post('/api/esign/ApiTokens', {
      Name: 'raportit',
      ExpiresInDays: 30,
      Scopes: ['reports:read'],
    });
    expect(adminScope.statusCode).toBe(403);
    expect(adminScope.json()).toEqual({
      status: 403,
      key: 'apiTokens.errors.scopeNotAllowed',
      message: 'Only administrators can give a token access to reports.',
      issues: [{ path: 'Scopes', key: 'apiTokens.errors.scopeNotAllowed' }],
    });
  });
});

describe('the OpenAPI document of a portal that logs in over SAML', () => {
  const context = useSamlTestApp('sqlite');

  it('documents the SAML calls as it does every other', async () => {
    const document = await fetchDocument(context.app);
    expect(document.paths['/api/esign/Users/saml/acs']?.post).toBeDefined();
    expect(await validateDocument(document)).toEqual({ valid: true, errors: '[]' });
    expect(undocumentedRoutes(context.app, document)).toEqual([]);
    expect(documentProblems(document)).toEqual([]);
    const browser = new TestClient(context.app);
    await browser.get('/api/esign/users/current');
    const samlOnly = {
      ...document,
      paths: Object.fromEntries(
        Object.entries(document.paths).filter(([path]) => path.includes('/saml/')),
      ),
    };
    expect(
      (
        await undeclaredAnswers(samlOnly, {
          anonymous: (method, url, payload) =>
            context.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) }),
          browser: browserCaller(browser),
        })
      ).undeclared,
    ).toEqual([]);
  });
});

describe('webhooks in the document', () => {
  it('are taken from registerOpenApi and keep the document valid', async () => {
    const app = Fastify();
    await registerOpenApi(app, {
      webhooks: {
        signFlowFinished: {
          post: {
            summary: 'A sign flow finished',
            requestBody: {
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { Guid: { type: 'string' } } },
                },
              },
            },
            responses: { 204: { description: 'Received' } },
          },
        },
      },
    });
    await app.ready();
    try {
      const document = await fetchDocument(app);
      expect(document.webhooks?.signFlowFinished).toMatchObject({
        post: { summary: 'A sign flow finished' },
      });
      expect(await validateDocument(document)).toEqual({ valid: true, errors: '[]' });
    } finally {
      await app.close();
    }
  });
});
