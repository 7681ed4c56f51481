/**
 * What the app answers when a request never reaches a call: an address Fastify can not decode,
 * a body it can not parse, a file the static server refuses, an address nothing serves. Every one
 * is the envelope with a plain message — never Fastify's or @fastify/static's own
 * error body, and never a 500 for something the caller sent.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { envelopeOf } from './dispatch';
import { IMPORT_BASE64_MAX } from '../imports/input';
import { FILE_TOO_LARGE_TEXT } from '../imports/table';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** The route of imports, whose body carries a file (a limit of its own). */
export const IMPORT_ROUTE = '/api/:entities/import';
/** An import's body: its file in base64 and a little JSON around it. */
export const IMPORT_BODY_LIMIT_BYTES = IMPORT_BASE64_MAX + 64 * 1024;

export const NOTHING_HERE_TEXT = 'There is nothing at this address.';
export const BAD_ADDRESS_TEXT = 'The address is not valid.';
const SERVER_FAILURE_TEXT = 'Something went wrong on the server; nothing was saved.';

export interface RequestFailure {
  statusCode?: number;
  status?: number;
  code?: string;
  message: string;
}

/** Errors of the file system the static server meets for a name nobody could have served. */
const UNSERVABLE_PATH = new Set(['ENAMETOOLONG', 'ENOTDIR', 'ENOENT', 'EISDIR', 'EINVAL']);

/** The status to answer: the error's own when it is a refusal, 404 for unservable names. */
function statusOf(error: RequestFailure): number {
  if (error.code && UNSERVABLE_PATH.has(error.code)) return 404;
  const status = error.statusCode ?? error.status;
  return status && status >= 400 && status < 600 ? status : 500;
}

function textOf(error: RequestFailure, status: number, isImport: boolean): string {
  switch (error.code ?? '') {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      if (isImport) return FILE_TOO_LARGE_TEXT;
      return `The request is too large (at most ${BODY_LIMIT_BYTES / 1024} KB).`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request as JSON (Content-Type: application/json).';
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return BAD_ADDRESS_TEXT;
  }
  if (status >= 500) return SERVER_FAILURE_TEXT;
  if (error.code?.startsWith('FST_ERR_CTP_'))
    return `The request is not valid JSON: ${error.message}`;
  if (status === 404 || status === 403) return NOTHING_HERE_TEXT;
  if (status === 405) return 'This address does not answer that method.';
  return 'The request can not be answered.';
}

/** The envelope for an error thrown before (or instead of) a call. */
export function sendFailure(
  services: Services,
  error: RequestFailure,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const status = statusOf(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(
      envelopeOf(services, false, null, [
        { type: 'e', text: textOf(error, status, request.routeOptions.url === IMPORT_ROUTE) },
      ]),
    );
}

/** The not-found answer outside the web app's own pages. */
export const sendNotFound = (services: Services, request: FastifyRequest, reply: FastifyReply) =>
  sendFailure(services, { statusCode: 404, message: NOTHING_HERE_TEXT }, request, reply);
