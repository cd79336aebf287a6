import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { codeForStatus, errorBody } from './errors.ts';

/**
 * The answers Fastify gives before any route or error handler runs, in the one error format:
 * a path that does not decode (400) and a path parameter over the router's maxParamLength (414).
 * Fastify's `frameworkErrors` option.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 400;
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'The URL is too long'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'Malformed request path'
        : 'The request could not be routed';
  void reply.status(status).send(errorBody(status, codeForStatus(status), message));
}

interface ClientError extends Error {
  code?: string;
}

function refusal(error: ClientError): { status: number; message: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, message: 'The request took too long to arrive' };
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, message: 'The request line or headers are too large' };
  return { status: 400, message: 'Malformed HTTP request' };
}

/**
 * Node's HTTP parser refuses a request (bad syntax, headers or URL over --max-http-header-size,
 * too slow) before Fastify sees it; Fastify's `clientErrorHandler` writes the answer on the socket.
 * Written here in the one error format, and only when no answer has started on that socket.
 */
export function answerClientError(error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const { status, message } = refusal(error);
    const body = JSON.stringify(errorBody(status, codeForStatus(status), message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
