import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceDeps } from '../services/deps.js';
import type { SessionUser } from '../services/accounts/sessions.js';
import type { Locale } from '../i18n/messages.js';
// The generated types give Mercurius' IResolvers and MercuriusLoaders the schema's shapes (module
// augmentation); importing them here brings them into every program that compiles a resolver.
import type {} from './schema-types.js';

export interface ShopContext {
  deps: ServiceDeps;
  req: FastifyRequest;
  reply: FastifyReply;
  user: SessionUser | null;
  locale: Locale;
}

export function buildContext(deps: ServiceDeps) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<ShopContext> => ({ deps, req, reply, user: req.user, locale: req.locale });
}

declare module 'mercurius' {
  interface MercuriusContext extends ShopContext {}
}
