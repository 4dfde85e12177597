import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { findSessionUser, type SessionUser } from '../services/accounts/sessions.js';
import { requestLocale } from '../i18n/locale.js';
import type { Locale } from '../i18n/messages.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks the session itself, in the statement that reads what it answers: only the token is taken here. */
    sessionInHandler?: boolean;
  }
  interface FastifyRequest {
    sessionToken: string | null;
    user: SessionUser | null;
    locale: Locale;
  }
}

export const SESSION_COOKIE = 'token';

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(h.trim());
  return m ? m[1]! : null;
}

/** The session token a request carries: as a bearer token, else as the session cookie. */
export function sessionTokenOf(req: FastifyRequest): string | null {
  return bearer(req) ?? req.cookies[SESSION_COOKIE] ?? null;
}

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.server.config.cookieSecure,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.server.config.cookieSecure });
}

/**
 * Resolves the session (cookie or bearer) into req.user. Added only where a route reads it: the
 * legacy, WeChat sign-in and queue-board routes' scope (app.ts) and the /graphql routes
 * (graphql.ts); the SPA, static files, health, metrics and provider callbacks resolve none.
 * Callback form: a request without a session token waits for nothing.
 */
export const resolveSession: onRequestHookHandler = (req, _reply, done) => {
  const token = sessionTokenOf(req);
  if (!token) return done();
  req.sessionToken = token;
  if (req.routeOptions.config.sessionInHandler) return done();
  findSessionUser(req.server, token).then((user) => {
    req.user = user;
    done();
  }, done);
};

// Identity comes only from the session (cookie or bearer), never from ids in a body.
export default fp(
  async (app) => {
    app.decorateRequest('sessionToken', null);
    app.decorateRequest('user', null);
    app.decorateRequest('locale', 'en');
    // Every answer speaks the request's language (the SPA, its prerendered pages, refusals, errors).
    app.addHook('onRequest', (req, _reply, done) => {
      req.locale = requestLocale(req);
      done();
    });
  },
  { name: 'session', dependencies: ['db', '@fastify/cookie'] },
);
