import { openAuth } from './auth-dialog';
import { EXTERNAL_LOGIN_URL } from './config';
import { writeStored } from './storage';

/** Why a login is asked for: a purchase (or the Login button), or My Orders (spec section 2). */
export type LoginAccess = 'login' | 'order';

/** The external login page with its access flag; other query parameters of the setting are kept. */
export function externalLoginHref(base: string, access: LoginAccess): string {
  const url = new URL(base);
  url.searchParams.set('access', access);
  return url.toString();
}

/**
 * Asks for a login. With an external login page configured (the gateway's EXTERNAL_LOGIN_URL) the browser
 * goes there with access=login or access=order; without one the in-app login dialog opens, and a
 * login that came from My Orders lands on /orders.
 */
let leaving = false;
let handover: Promise<boolean> | null = null;
let settleHandover: (accepted: boolean) => void = () => undefined;

/**
 * A session hand-over link (?orderToken) waits for the visitor's answer first: a login asked for
 * meanwhile (My Orders as a guest) waits for it, and is dropped when the link was accepted.
 */
export function beginHandover(): void {
  handover = new Promise<boolean>((resolve) => {
    settleHandover = (accepted) => {
      handover = null;
      resolve(accepted);
    };
  });
}

export function endHandover(accepted: boolean): void {
  settleHandover(accepted);
}

export function requestLogin(access: LoginAccess): void {
  if (handover) {
    void handover.then((accepted) => {
      if (!accepted) requestLogin(access);
    });
    return;
  }
  if (EXTERNAL_LOGIN_URL) {
    // Once on the way out, a second ask (a re-render of the same page) changes nothing.
    if (leaving) return;
    leaving = true;
    window.location.assign(externalLoginHref(EXTERNAL_LOGIN_URL, access));
    return;
  }
  openAuth('login', '', access === 'order' ? '/orders' : null);
}

/** Spec section 4, step 3: a guest's purchase sets the login-needed flag and reloads the page. */
export function loginNeededReload(): void {
  writeStored('loginNeeded', '1');
  window.location.reload();
}
