import { storedLocale } from '../../lib/i18n';

/** The answer of the invoice upload: the server's message in the page's language on a refusal. */
export type UploadAnswer = { ok: true } | { ok: false; message: string | null };

/**
 * Sends the invoice file as the request body (PUT /api/admin/orders/:orderNo/invoice): its own
 * media type, its name in X-File-Name, the session cookie. The server checks the bytes themselves.
 */
export async function uploadInvoice(orderNo: string, file: File): Promise<UploadAnswer> {
  try {
    const res = await fetch(`/api/admin/orders/${encodeURIComponent(orderNo)}/invoice`, {
      method: 'PUT',
      credentials: 'include',
      headers: {
        'content-type': file.type === 'application/pdf' || file.type === 'application/ofd' ? file.type : 'application/octet-stream',
        'x-file-name': encodeURIComponent(file.name),
        locale: storedLocale(),
      },
      body: file,
    });
    const answer = (await res.json().catch(() => null)) as { code?: number; message?: string } | null;
    if (res.ok && answer?.code === 200) return { ok: true };
    return { ok: false, message: answer?.message ?? null };
  } catch {
    return { ok: false, message: null };
  }
}
