import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findSessionUser, type SessionUser } from '../services/accounts/sessions.js';
import { requestLocale } from '../i18n/locale.js';
import type { Locale } from '../i18n/messages.js';

declare module 'fastify' {
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

// Identity comes only from the session (cookie or bearer), never from ids in a body.
export default fp(
  async (app) => {
    app.decorateRequest('sessionToken', null);
    app.decorateRequest('user', null);
    app.decorateRequest('locale', 'en');
    // Callback form: a request without a session token (the catalogue, the SPA) waits for nothing.
    app.addHook('onRequest', (req, _reply, done) => {
      req.locale = requestLocale(req);
      const url = req.url;
      if (!url.startsWith('/api/') && !url.startsWith('/graphql') && !url.startsWith('/admin')) return done();
      const token = bearer(req) ?? req.cookies[SESSION_COOKIE] ?? null;
      if (!token) return done();
      req.sessionToken = token;
      findSessionUser(app, token).then((user) => {
        req.user = user;
        done();
      }, done);
    });
  },
  { name: 'session', dependencies: ['db', '@fastify/cookie'] },
);
