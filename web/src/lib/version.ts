import { BASE } from './config';

const RELOADED_FOR = 'shop:reloaded-for-version';

/**
 * Asks the server for the current SPA version and reloads when it differs from this build.
 * At most one reload per server version, so a server that still reports an older build
 * (not restarted after a deploy) cannot make the page reload forever.
 */
export async function checkVersion(): Promise<void> {
  try {
    const res = await fetch(`${BASE}version`, { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!res.ok) return;
    const { version } = (await res.json()) as { version?: unknown };
    if (typeof version !== 'string' || !version) return;
    if (version === __BUILD_VERSION__) {
      sessionStorage.removeItem(RELOADED_FOR);
      return;
    }
    if (sessionStorage.getItem(RELOADED_FOR) === version) return;
    sessionStorage.setItem(RELOADED_FOR, version);
    window.location.reload();
  } catch {
    // offline or not served by the gateway (vite dev): keep the page
  }
}
