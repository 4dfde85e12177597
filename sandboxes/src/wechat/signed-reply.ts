import type { FastifyReply } from 'fastify';
import type { ApiError } from './orders.js';
import type { PlatformSigner } from './platform-signer.js';

/** Sends body (or nothing) with the Wechatpay-* signature over exactly the bytes sent. */
export function sendSigned(reply: FastifyReply, signer: PlatformSigner, status: number, body?: unknown): FastifyReply {
  const text = body === undefined ? '' : JSON.stringify(body);
  reply.code(status).headers(signer.headers(text));
  if (text === '') return reply.send();
  return reply.type('application/json; charset=utf-8').send(text);
}

export function sendApiError(reply: FastifyReply, signer: PlatformSigner, error: ApiError): FastifyReply {
  return sendSigned(reply, signer, error.status, { code: error.code, message: error.message });
}
