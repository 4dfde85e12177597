import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { refusal } from './schemas.js';

// Test runs only (CHECK_LEGACY_ANSWERS): every legacy answer, as the bytes a client receives, is
// checked against the response schema the OpenAPI document shows for its route and status. A
// mismatch is recorded, not answered differently, so the tests' teardown can fail on it.

export interface AnswerMismatch {
  route: string;
  status: number;
  problem: string;
}

interface RouteCheck {
  route: string;
  /** The 200 answer: a JSON schema, or the media types a file answer may have. */
  ok: ValidateFunction | { mediaTypes: string[] };
}

const ajv = new Ajv({ allErrors: true, strict: false });
const refusalCheck = ajv.compile(refusal);
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the legacy routes while CHECK_LEGACY_ANSWERS is on. */
    legacyAnswerCheck?: RouteCheck;
  }
}

function okCheck(schema: unknown): RouteCheck['ok'] | null {
  if (!schema || typeof schema !== 'object') return null;
  const content = (schema as { content?: Record<string, unknown> }).content;
  if (content) return { mediaTypes: Object.keys(content) };
  return ajv.compile(schema);
}

function problemOf(check: RouteCheck, status: number, contentType: string, payload: unknown): string | null {
  const isJson = contentType.startsWith('application/json');
  if (status === 200 && 'mediaTypes' in check.ok)
    return check.ok.mediaTypes.some((m) => contentType.startsWith(m)) ? null : `content-type ${contentType}, documented ${check.ok.mediaTypes.join(' or ')}`;
  if (!isJson) return `content-type ${contentType || 'none'}, documented application/json`;
  let body: unknown;
  try {
    body = JSON.parse(typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '');
  } catch {
    return 'the body is not JSON';
  }
  const validate = status === 200 ? (check.ok as ValidateFunction) : refusalCheck;
  return validate(body) ? null : ajv.errorsText(validate.errors);
}

/** Compiles each legacy route's answer schema once and checks its answers; mismatches go to `record`. */
export function checkLegacyAnswers(app: FastifyInstance, record: (m: AnswerMismatch) => void): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const ok = okCheck((route.schema?.response as Record<string, unknown> | undefined)?.['200']);
    if (!ok) throw new Error(`legacy route ${route.method} ${route.url} has no response schema`);
    const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
    route.config = { ...route.config, legacyAnswerCheck: { route: `${method} ${route.url}`, ok } };
  });
  app.addHook('onSend', (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, p: unknown) => void) => {
    const check = req.routeOptions.config.legacyAnswerCheck;
    if (check && req.method !== 'HEAD') {
      const contentType = String(reply.getHeader('content-type') ?? '');
      const problem = problemOf(check, reply.statusCode, contentType, payload);
      if (problem) record({ route: check.route, status: reply.statusCode, problem });
    }
    done(null, payload);
  });
}
