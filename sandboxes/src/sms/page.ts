import type { SentSms } from './server.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The sandbox's inbox: every accepted message, newest first (auto-refreshing, like the mail sink). */
export function messagesPage(messages: readonly SentSms[]): string {
  const rows = [...messages]
    .reverse()
    .map(
      (m) =>
        `<tr><td>${esc(m.sentAt)}</td><td>${esc(m.phoneNumber)}</td><td>${esc(m.templateCode)}</td><td>${esc(m.text)}</td><td><code>${esc(m.bizId)}</code></td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>SMS sandbox</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}</style></head>
<body><h1>SMS sandbox (Alibaba Cloud SendSms)</h1><p>${messages.length} message(s). JSON: <a href="/api/messages">/api/messages</a> (filter with <code>?phone=</code>).</p>
<table><thead><tr><th>sent</th><th>to</th><th>template</th><th>text</th><th>BizId</th></tr></thead><tbody>${rows || '<tr><td colspan="5">Nothing sent yet.</td></tr>'}</tbody></table></body></html>`;
}
