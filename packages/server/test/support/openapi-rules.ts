// What every operation of the published API must say about itself, as a function of the
// OpenAPI document only, so that a test can hold it against hand-made operations too.

export interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: unknown;
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, { description?: string }>;
  'x-no-client-errors'?: string;
  'x-no-not-found'?: string;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { securitySchemes?: Record<string, unknown> };
  webhooks?: Record<string, unknown>;
}

export const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

const apiScopes = new Set(['signflows:read', 'signflows:write', 'reports:read']);

/** The problems of one operation; an empty list when it documents what it must. */
export function operationProblems(operation: OpenApiOperation): string[] {
  const problems: string[] = [];
  const statuses = Object.keys(operation.responses ?? {});
  const has = (status: string) => statuses.includes(status);
  const explained = (reason: unknown) => typeof reason === 'string' && reason.trim() !== '';

  if (!statuses.some((status) => /^[23]/.test(status))) problems.push('declares no success answer');
  if (
    !statuses.some((status) => status.startsWith('4')) &&
    !explained(operation['x-no-client-errors'])
  )
    problems.push('declares no 4xx answer (nor x-no-client-errors saying why it has none)');
  const takesPathParameters = (operation.parameters ?? []).some((item) => item.in === 'path');
  if (takesPathParameters && !has('404') && !explained(operation['x-no-not-found']))
    problems.push('takes path parameters but declares no 404 (nor x-no-not-found saying why)');
  if (operation.requestBody !== undefined && !has('400'))
    problems.push('takes a body but declares no 400');
  const security = operation.security ?? [];
  const anonymousAllowed = security.some((requirement) => Object.keys(requirement).length === 0);
  if (security.length > 0 && !anonymousAllowed && !has('401'))
    problems.push('requires credentials but declares no 401');
  for (const requirement of security) {
    const scopes = requirement.bearerAuth;
    if (scopes && (scopes.length !== 1 || !scopes.every((scope) => apiScopes.has(scope))))
      problems.push(`bearerAuth names no single known scope: ${JSON.stringify(scopes)}`);
  }
  for (const status of statuses.filter((item) => /^[45]/.test(item))) {
    const description = operation.responses?.[status]?.description ?? '';
    if (description === '' || description === 'Default Response')
      problems.push(`answers ${status} without saying when`);
  }
  return problems;
}

/** Every operation of the document with its problems, as `METHOD path: problem` lines. */
export function documentProblems(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => httpMethods.includes(method))
      .flatMap(([method, operation]) =>
        operationProblems(operation).map(
          (problem) => `${method.toUpperCase()} ${path}: ${problem}`,
        ),
      ),
  );
}

/** Fastify's route template in OpenAPI's form: `/a/:id` is `/a/{id}`. */
export const openApiPathOf = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
