// The client-side values of spec section 3 ("Stored client-side"). The session itself is the
// HttpOnly `token` cookie set by the server; who is logged in always comes from the `me` query.

export type StoredKey =
  | 'locale'
  | 'email'
  | 'userId'
  | 'phonenumber'
  | 'user'
  | 'names'
  | 'company'
  | 'companyId'
  | 'loginFirst'
  | 'orderNo'
  | 'orderExpire'
  | 'activeMenu'
  | 'loginNeeded'
  /** Once the payer's openid from old WeChat entry links; only ever cleared now. */
  | 'openId';

export function readStored(key: StoredKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StoredKey, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // private mode or storage disabled: the values are conveniences only
  }
}

/** Clears the local user data (spec section 7: when no token is present). */
export function clearUserData(): void {
  for (const k of ['email', 'userId', 'phonenumber', 'user', 'names', 'company', 'companyId', 'loginFirst', 'orderNo', 'orderExpire'] as const) {
    writeStored(k, null);
  }
}

/** Stores a session token handed over in a query (orderToken) as the `token` cookie for 1 day. */
export function storeTokenCookie(token: string): void {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) return;
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `token=${token}; max-age=86400; path=/; samesite=lax${secure}`;
}
