import { sha256 } from '@shop/config';
import type { CodePurpose, Language } from '@shop/db';
import { AppError, appError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import { spendAccount, spendClient, type Caller } from '../abuse/spend.js';
import { consumeCaptcha, createCaptcha, verifyCaptcha } from './captcha.js';
import { confirmCode, issueCode } from './codes.js';
import { emailRegistered, existsError, findUserByAccount, login, register, resetPassword, type LoginResult } from './users.js';
import { accountTarget, requireCaptcha, requireCode, requireEmail, requireNames, requireNewPassword, requirePassword, type Account } from './validation.js';

/*
 * The account actions as both faces call them. Each one spends the caller's budget first (before
 * reading its input, so malformed requests count too), then validates, then spends the account's
 * budget where it has one. The faces only translate their wire format: an account arrives as a
 * function that parses it, because legacy forms and GraphQL spell it differently.
 */

/** How an action answers for an address with no account, where the answer would reveal it. */
export type UnknownAccount =
  /** Say so (spec sections 7 and 8 require it of the legacy reset calls; every reset code request says so, see sendCode). */
  | 'reveal'
  /** Answer exactly as for an existing account. */
  | 'hide';

export async function newCaptcha(deps: ServiceDeps, caller: Caller): Promise<{ id: string; image: string }> {
  await spendClient(deps, 'captcha', caller);
  return createCaptcha(deps);
}

/** Legacy step one of a login: check the captcha answer, remembered for loginOn. */
export async function checkCaptcha(deps: ServiceDeps, caller: Caller, captchaId: string | undefined, answer: unknown): Promise<void> {
  await spendClient(deps, 'captchaCheck', caller);
  await verifyCaptcha(deps, captchaId, requireCaptcha(answer));
}

export interface LogInInput {
  account: () => Account;
  password: unknown;
  captchaId: string | undefined;
  /** The answer when it is checked in this step (GraphQL); undefined when checkCaptcha did it (legacy). */
  captcha?: unknown;
}

export async function logIn(deps: ServiceDeps, caller: Caller, input: LogInInput): Promise<LoginResult> {
  await spendClient(deps, 'login', caller);
  const account = input.account();
  const password = requirePassword(input.password);
  const answer = input.captcha === undefined ? undefined : requireCaptcha(input.captcha);
  // The captcha is used up by this attempt, whatever its outcome.
  await consumeCaptcha(deps, input.captchaId, answer);
  // Counted only past the captcha: guessing passwords of one account from many addresses is
  // bounded, while a stranger without captchas cannot lock the owner out.
  await spendAccount(deps, 'login', accountTarget(account));
  return login(deps, account, password);
}

/** Is this email registered? Both faces must answer it (spec section 7, chkUserByEmail); the budget bounds the enumeration. */
export async function checkEmail(deps: ServiceDeps, caller: Caller, email: unknown): Promise<boolean> {
  await spendClient(deps, 'emailCheck', caller);
  return emailRegistered(deps, requireEmail(email));
}

export interface SendCodeInput {
  purpose: CodePurpose;
  account: () => Account;
  language: Language;
}

/**
 * Sends a registration or reset code; answers the flow token that binds a code-only confirmation to
 * this client. Both faces tell why a code is refused (spec section 8): a registration code for a
 * registered account ('This mailbox is already registered'), a reset code for an account that does
 * not exist ('please register first'); the codeSend budget bounds what a stranger learns from it.
 */
export async function sendCode(deps: ServiceDeps, caller: Caller, input: SendCodeInput): Promise<{ flowToken: string }> {
  await spendClient(deps, 'codeSend', caller);
  const account = input.account();
  const exists = !!(await findUserByAccount(deps.db, account));
  if (input.purpose === 'register' && exists) throw existsError(account);
  if (input.purpose === 'reset' && !exists) throw appError('userNotExist', { field: 'account' });
  return issueCode(deps, accountTarget(account), input.purpose, input.language);
}

export interface CheckCodeInput {
  purpose: CodePurpose;
  code: unknown;
  /** The account the code was sent to; or else the flow token of the client that asked for it. */
  account?: () => Account;
  flowToken?: string;
  unknownAccount: UnknownAccount;
}

export async function checkCode(deps: ServiceDeps, caller: Caller, input: CheckCodeInput): Promise<{ target: string }> {
  await spendClient(deps, 'codeCheck', caller);
  const account = input.account?.();
  const code = requireCode(input.code);
  if (account) {
    if (input.unknownAccount === 'reveal' && !(await findUserByAccount(deps.db, account))) throw appError('userNotExist', { field: 'account' });
    const target = accountTarget(account);
    await spendAccount(deps, 'codeCheck', target);
    return confirmCode(deps, { target }, input.purpose, code);
  }
  if (!input.flowToken) throw appError('codeError', { field: 'code' });
  await spendAccount(deps, 'codeCheck', `flow:${sha256(input.flowToken)}`);
  return confirmCode(deps, { flowToken: input.flowToken }, input.purpose, code);
}

export interface RegistrationInput {
  /** The email or phone account the code was sent to; parsed inside, after the client budget. */
  account: () => Account;
  /** Checked here (GraphQL); undefined when confirmed by an earlier call (legacy confirmVer). */
  code?: unknown;
  firstName: unknown;
  lastName: unknown;
  company: unknown;
  password: unknown;
  confirmPassword?: unknown;
  /** Must be true when given (GraphQL sends it; the legacy form checks it on the client). */
  agreement?: unknown;
  language: Language;
  countryCode?: string;
}

/** Creates the account with a confirmed code and logs it in; counts against the code-check budget. */
export async function registerAccount(deps: ServiceDeps, caller: Caller, input: RegistrationInput): Promise<LoginResult> {
  await spendClient(deps, 'codeCheck', caller);
  const account = input.account();
  const code = input.code === undefined ? undefined : requireCode(input.code);
  const names = requireNames(input);
  const password = requireNewPassword(input.password, input.confirmPassword);
  if (input.agreement !== undefined && input.agreement !== true) throw appError('agreementRequired', { field: 'agreement' });
  if (code !== undefined) {
    await spendAccount(deps, 'codeCheck', accountTarget(account));
    await confirmCode(deps, { target: accountTarget(account) }, 'register', code);
  }
  return register(deps, { account, ...names, password, language: input.language, countryCode: input.countryCode });
}

export interface ResetInput {
  account: () => Account;
  password: unknown;
  confirmPassword?: unknown;
  unknownAccount: UnknownAccount;
}

/** Sets a new password with a confirmed reset code; counts against the code-check budget. */
export async function resetWithCode(deps: ServiceDeps, caller: Caller, input: ResetInput): Promise<void> {
  await spendClient(deps, 'codeCheck', caller);
  const account = input.account();
  const password = requireNewPassword(input.password, input.confirmPassword);
  try {
    await resetPassword(deps, account, password);
  } catch (err) {
    // Without a confirmed code nobody gets further; for an unknown account say the same.
    if (input.unknownAccount === 'hide' && err instanceof AppError && err.key === 'userNotExist') throw appError('codeNotConfirmed', { field: 'code' });
    throw err;
  }
}
