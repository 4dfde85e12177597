// One request to a sandbox's `_control` endpoints (JSON in, JSON out), for the typed control clients.

export interface ControlAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** `baseUrl` is the sandbox's public base URL (prefix included); `path` is below `_control/`. */
export async function controlRequest<T>(baseUrl: string, method: string, path: string, body?: unknown): Promise<ControlAnswer<T>> {
  const res = await fetch(`${baseUrl}/_control/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: (await res.json()) as T };
}
