/**
 * Downloads a purchased PDF with the session cookie and saves it under a chosen name.
 * Answers false when the server refused (the caller shows 'Download failed, ...').
 */
export async function downloadFile(url: string, fileName: string): Promise<boolean> {
  try {
    const res = await fetch(url, { credentials: 'include' });
    if (!res.ok) return false;
    const blob = await res.blob();
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
    window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
    return true;
  } catch {
    return false;
  }
}

/** A file name without characters that file systems refuse. */
export function safeFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'book';
}
