/**
 * Every abuse budget of the shop, one row per action. Both faces (legacy REST and GraphQL) reach an
 * action only through the service layer, which spends from these budgets before doing any work, so
 * every route, GraphQL alias and batched operation draws on the same counters (in Redis, shared by
 * the replicas). `perClient` is per client address, `perAccount` per account (email, phone or user
 * id) whoever asks; both per `windowSeconds`. RATE_LIMIT_SCALE multiplies the counts.
 */
export const budgets = {
  /** Fetch a captcha image. */
  captcha: { perClient: 30, windowSeconds: 60 },
  /** Check a captcha answer on its own (legacy verifyCode). */
  captchaCheck: { perClient: 20, windowSeconds: 60 },
  /** Log in; the per-account count starts only after the captcha passed, so strangers cannot lock an account out. */
  login: { perClient: 10, perAccount: 10, windowSeconds: 60 },
  /** Ask whether an email is registered (chkUserByEmail, emailRegistered). */
  emailCheck: { perClient: 20, windowSeconds: 60 },
  /** Send a verification code (registration, reset). Per account: see `codeSendPerAccount`. */
  codeSend: { perClient: 5, windowSeconds: 60 },
  /** Check a code, or use a checked one (confirm, register, reset the password). */
  codeCheck: { perClient: 10, perAccount: 10, windowSeconds: 60 },
  /** Check out (create or reuse an order and a payment attempt). */
  checkout: { perClient: 30, perAccount: 30, windowSeconds: 60 },
  /** Provider callbacks: providers call from a few addresses; a flood of forged ones is cut off. */
  notify: { perClient: 600, windowSeconds: 60 },
  /** An operator's file upload (bank statement, invoice): each is parsed whole, so a flood is cut off early. */
  upload: { perClient: 30, windowSeconds: 60 },
  /** Every GraphQL request, a WebSocket upgrade and every subscription (per gateway process: a coarse guard, see local-limit.ts). */
  graphql: { perClient: 300, windowSeconds: 60 },
} as const satisfies Record<string, Budget>;

/**
 * Codes per account, enforced in PostgreSQL next to the codes themselves (so a race between
 * replicas cannot pass it): one per cool-down, at most `perHour` an hour. Never scaled: the
 * cool-down is what the client's send button shows (spec section 9).
 */
export const codeSendPerAccount = { cooldownMs: 60_000, perHour: 5 } as const;

export interface Budget {
  perClient: number;
  perAccount?: number;
  windowSeconds: number;
}

export type Action = keyof typeof budgets;

/** A budget's count with RATE_LIMIT_SCALE applied (never below 1). */
export function scaledCount(count: number, scale: number): number {
  return Math.max(1, Math.round(count * scale));
}

/** The shape @fastify/rate-limit takes, for the few limits that stay on a route (provider callbacks). */
export function routeLimit(action: Action, scale: number): { max: number; timeWindow: number } {
  const b: Budget = budgets[action];
  return { max: scaledCount(b.perClient, scale), timeWindow: b.windowSeconds * 1000 };
}
