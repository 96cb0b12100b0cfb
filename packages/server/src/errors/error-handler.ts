import { errorMessages, type ErrorBody, type FieldIssue } from '@esign/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorTable, type ErrorCode } from './app-error.ts';
import { unavailabilityOf } from './unavailability.ts';

/** Maps Fastify's own 4xx errors to our codes; anything unknown becomes 'internal'. */
function codeForStatus(status: number): ErrorCode {
  const match = (Object.keys(errorTable) as ErrorCode[]).find(
    (code) => errorTable[code].status === status,
  );
  if (match) return match;
  return status >= 400 && status < 500 ? 'validation' : 'internal';
}

export function errorBody(code: ErrorCode, issues?: FieldIssue[]): ErrorBody {
  const { status, key } = errorTable[code];
  return { status, key, message: errorMessages[key], ...(issues?.length ? { issues } : {}) };
}

/** Reads zod's issues into the wire form: path, SPEC §5 key (when the schema gave one) and params. */
function validationIssues(error: FastifyError): FieldIssue[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((item) => {
    const message = item.message ?? '';
    const { maximum, minimum } = item.params as { maximum?: unknown; minimum?: unknown };
    // A minimum of 1 is a required field, whose message names no number.
    const bound =
      typeof maximum === 'number'
        ? maximum
        : typeof minimum === 'number' && minimum > 1
          ? minimum
          : undefined;
    return {
      path: item.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      key: /^(validation|accounts\.errors)\./.test(message) ? message : 'validation.invalidValue',
      ...(typeof bound === 'number' ? { params: { n: bound } } : {}),
    };
  });
}

/** The one error handler: SPEC §8 bodies, no stack traces or internal messages, 5xx logged. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // A refusal sent before the whole body arrived (a declared size over the limit, a part an
    // upload does not take) ends the connection: the rest of the body is never read.
    if (request.raw.complete === false) reply.header('connection', 'close');
    if (error instanceof AppError) {
      return reply.status(error.status).send({
        ...errorBody(error.code, error.issues),
        key: error.key,
        message: error.message,
        ...(error.current ? { current: error.current } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.status(400).send(errorBody('validation', validationIssues(error)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      const outage = unavailabilityOf(error);
      if (outage) {
        request.log.error({ err: error, outage }, `request failed: ${outage}`);
        return reply.status(503).send(errorBody('unavailable'));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(errorBody('internal'));
    }
    request.log.info({ code: error.code, status }, 'request refused');
    return reply.status(status).send({ ...errorBody(codeForStatus(status)), status });
  });
}
