import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticationFailure, oauthError } from './apiErrors.js';
import { newAccessToken } from './ids.js';
import type { PaypalSandboxCredentials } from './options.js';

/** Access tokens handed out by the OAuth endpoint, with their expiry. */
export class TokenRegistry {
  private readonly tokens = new Map<string, number>();
  /** How many tokens were issued (lets tests see that clients cache theirs). */
  issued = 0;

  constructor(private readonly ttlSeconds: number) {}

  issue(): { token: string; expiresIn: number } {
    const now = Date.now();
    for (const [t, exp] of this.tokens) if (exp <= now) this.tokens.delete(t);
    const token = newAccessToken();
    this.issued += 1;
    this.tokens.set(token, now + this.ttlSeconds * 1000);
    return { token, expiresIn: this.ttlSeconds };
  }

  valid(token: string): boolean {
    const exp = this.tokens.get(token);
    return exp !== undefined && exp > Date.now();
  }

  /** Control hook: make every issued token invalid (tests the client's re-authentication). */
  revokeAll(): void {
    this.tokens.clear();
  }
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Throws 401 AUTHENTICATION_FAILURE unless the request carries a live bearer token. */
export function requireBearer(tokens: TokenRegistry, req: FastifyRequest): void {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!m?.[1] || !tokens.valid(m[1])) throw authenticationFailure();
}

/** POST /v1/oauth2/token: client credentials grant with HTTP Basic client authentication. */
export function registerOauthRoute(app: FastifyInstance, credentials: PaypalSandboxCredentials, tokens: TokenRegistry): void {
  app.post('/v1/oauth2/token', async (req) => {
    const m = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const decoded = m?.[1] ? Buffer.from(m[1], 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const id = colon < 0 ? '' : decoded.slice(0, colon);
    const secret = colon < 0 ? '' : decoded.slice(colon + 1);
    if (!sameSecret(id, credentials.clientId) || !sameSecret(secret, credentials.clientSecret)) {
      throw oauthError(401, 'invalid_client', 'Client Authentication failed');
    }
    const grant = (req.body as Record<string, unknown> | undefined)?.grant_type;
    if (grant === undefined) throw oauthError(400, 'unsupported_grant_type', 'Grant Type is NULL');
    if (grant !== 'client_credentials') throw oauthError(400, 'unsupported_grant_type', `Grant Type ${String(grant)} is not supported`);
    const { token, expiresIn } = tokens.issue();
    return {
      scope:
        'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund https://uri.paypal.com/services/applications/webhooks https://uri.paypal.com/services/reporting/search/readtransaction',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: expiresIn,
      nonce: `${new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')}${token.slice(-16)}`,
    };
  });
}
