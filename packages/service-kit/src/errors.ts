import { CANONICAL_UUID_KEYWORD, ErrorCode, FINITE_NUMBER_KEYWORD } from '@celebstyle/contracts';
import type { ErrorBody } from '@celebstyle/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { NOT_UUID_MESSAGE } from './canonical-uuid.ts';
import { DEPENDENCY_RETRY_AFTER_SECONDS, isDependencyUnavailable } from './dependency-errors.ts';
import { NOT_FINITE_MESSAGE } from './query-numbers.ts';

/** An error whose message is safe to show to the caller. Domain code throws these. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code: string = ErrorCode.badRequest) =>
  new AppError(400, code, message);
export const notFound = (message: string, code: string = ErrorCode.notFound) =>
  new AppError(404, code, message);
export const unauthorized = (message = 'Authentication required', code: string = ErrorCode.unauthorized) =>
  new AppError(401, code, message);
export const forbidden = (message: string, code: string = ErrorCode.forbidden) =>
  new AppError(403, code, message);
export const conflict = (message: string, code: string = ErrorCode.conflict) =>
  new AppError(409, code, message);
export const serviceUnavailable = (message = 'Service temporarily unavailable') =>
  new AppError(503, ErrorCode.serviceUnavailable, message);

export function errorBody(statusCode: number, code: string, message: string): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, code };
}

const CODE_BY_STATUS: Readonly<Record<number, string>> = {
  400: ErrorCode.badRequest,
  401: ErrorCode.unauthorized,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  405: ErrorCode.methodNotAllowed,
  408: ErrorCode.requestTimeout,
  409: ErrorCode.conflict,
  413: ErrorCode.payloadTooLarge,
  414: ErrorCode.uriTooLong,
  415: ErrorCode.unsupportedMediaType,
  429: ErrorCode.tooManyRequests,
  431: ErrorCode.headersTooLarge,
};

/**
 * The project's code for an answer Fastify, Node or a plugin refused on its own: their codes
 * (FST_ERR_CTP_EMPTY_JSON_BODY, ...) are internals, not part of the contract callers branch on.
 */
export function codeForStatus(statusCode: number): string {
  return CODE_BY_STATUS[statusCode] ?? (statusCode >= 500 ? ErrorCode.internal : ErrorCode.badRequest);
}

/** Turns a schema validation failure into one readable sentence: "querystring/limit must be <= 100". */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const where = error.validationContext ?? 'request';
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = (first.params as { missingProperty?: string }).missingProperty;
  if (missing) return `${where}.${missing} is required`;
  const allowed = (first.params as { allowedValues?: unknown[] }).allowedValues;
  const subject = field ? `${where}.${field}` : where;
  if (allowed) return `${subject} must be one of: ${allowed.join(', ')}`;
  if (first.keyword === FINITE_NUMBER_KEYWORD) return `${subject} ${NOT_FINITE_MESSAGE}`;
  if (first.keyword === CANONICAL_UUID_KEYWORD) return `${subject} ${NOT_UUID_MESSAGE}`;
  return `${subject} ${first.message ?? 'is invalid'}`;
}

/** The most a service reads and discards to answer 413 on an open connection: the gateway's cap. */
const DRAIN_MAX_BYTES = 1024 * 1024;

/**
 * Fastify closes the connection when it refuses a body, so a caller still sending it (the gateway
 * streaming an upload) gets a broken pipe instead of the 413, and answers 502. For a declared body
 * of bounded size, the connection stays open instead: Node reads and discards the rest, and the
 * caller gets the 413.
 */
function keepConnectionForDeclaredBody(contentLength: string | undefined, reply: FastifyReply): void {
  const declared = Number(contentLength);
  if (Number.isFinite(declared) && declared > 0 && declared <= DRAIN_MAX_BYTES) {
    reply.removeHeader('connection');
  }
}

/** One error format for every service: { statusCode, error, message, code }; a 5xx never shows its message. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) void reply.header(name, value);
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.code, error.message));
    }
    if (error.validation) {
      return reply.status(400).send(errorBody(400, ErrorCode.validation, validationMessage(error)));
    }
    if (isDependencyUnavailable(error)) {
      request.log.error({ err: error }, 'a store did not answer');
      void reply.header('retry-after', String(DEPENDENCY_RETRY_AFTER_SECONDS));
      return reply
        .status(503)
        .send(errorBody(503, ErrorCode.serviceUnavailable, 'Service temporarily unavailable'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send(errorBody(status, ErrorCode.internal, 'Something went wrong'));
    }
    if (status === 413) keepConnectionForDeclaredBody(request.headers['content-length'], reply);
    // Fastify's own 4xx (bad JSON body, body too large, unsupported media type, rate limit) carry safe messages.
    return reply.status(status).send(errorBody(status, codeForStatus(status), error.message));
  });
  app.setNotFoundHandler((request, reply) => {
    void reply
      .status(404)
      .send(
        errorBody(404, ErrorCode.notFound, `Route ${request.method} ${request.url.split('?')[0]} not found`),
      );
  });
}
