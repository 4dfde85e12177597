// What a buyer's browser does with a page-pay form, for tests and scripted end-to-end runs:
// read the auto-submitting form, post it to the gateway, click the cashier's buttons.

export interface ParsedForm {
  action: string;
  method: string;
  fields: Record<string, string>;
}

function unescapeHtml(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The first <form> of an HTML snippet: action, method and its named input values. */
export function parseHtmlForm(html: string): ParsedForm {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error('no <form> in the HTML');
  const attr = (name: string) => unescapeHtml(new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(form[1]!)?.[1] ?? '');
  const fields: Record<string, string> = {};
  for (const m of form[2]!.matchAll(/<input\b[^>]*\bname="([^"]*)"[^>]*\bvalue="([^"]*)"/gi)) fields[unescapeHtml(m[1]!)] = unescapeHtml(m[2]!);
  return { action: attr('action'), method: attr('method').toLowerCase() || 'get', fields };
}

/** Posts a form as a browser does (application/x-www-form-urlencoded); answers status and HTML. */
export async function submitHtmlForm(form: Pick<ParsedForm, 'action' | 'fields'>): Promise<{ status: number; html: string }> {
  const res = await fetch(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form.fields).toString(),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, html: await res.text() };
}

/** The URL a cashier page's button posts to ('pay', 'cancel' or 'abandon'). */
export function cashierButtonUrl(cashierHtml: string, button: 'pay' | 'cancel' | 'abandon'): string {
  const m = new RegExp(`action="([^"]*/${button})"`).exec(cashierHtml);
  if (!m) throw new Error(`no ${button} button on the page`);
  return unescapeHtml(m[1]!);
}

/** Clicks a cashier button; a Pay answers the redirect target (the signed return_url) if any. */
export async function clickCashierButton(
  cashierHtml: string,
  button: 'pay' | 'cancel' | 'abandon',
): Promise<{ status: number; location?: string; html: string }> {
  const res = await fetch(cashierButtonUrl(cashierHtml, button), { method: 'POST', redirect: 'manual', signal: AbortSignal.timeout(10_000) });
  return { status: res.status, location: res.headers.get('location') ?? undefined, html: await res.text() };
}
