import { Type, type Static } from '@sinclair/typebox';

/** Every service answers errors in this one shape (docs/conventions.md: one error handler per service). */
export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    code: Type.String(),
  },
  { $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** Codes that domain code throws and callers may branch on. */
export const ErrorCode = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  conflict: 'CONFLICT',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  uriTooLong: 'URI_TOO_LONG',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  headersTooLarge: 'HEADERS_TOO_LARGE',
  requestTimeout: 'REQUEST_TIMEOUT',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  internal: 'INTERNAL_ERROR',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  badGateway: 'BAD_GATEWAY',
  gatewayTimeout: 'GATEWAY_TIMEOUT',
  tokenExpired: 'TOKEN_EXPIRED',
  tokenInvalid: 'TOKEN_INVALID',
  tokenRevoked: 'TOKEN_REVOKED',
  accountInactive: 'ACCOUNT_INACTIVE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** A route's error answers, each in the one error shape: `errorResponses(400, 404)`. */
export function errorResponses<S extends number>(...statuses: S[]): { [K in S]: typeof ErrorBody } {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody])) as { [K in S]: typeof ErrorBody };
}

/**
 * What an admin route may answer besides its own success: bad input (400), no or a refused token
 * (401, 403: the admin guard), no such record (404), and 503 when no guards are configured or a
 * dependency is down.
 */
export const AdminErrorResponses = errorResponses(400, 401, 403, 404, 503);

/** The same for admin routes that may also refuse a write that clashes with another record (409). */
export const AdminWriteErrorResponses = errorResponses(400, 401, 403, 404, 409, 503);
