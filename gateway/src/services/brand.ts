import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { GatewayConfig } from '@shop/config';

export interface BrandMark {
  body: Buffer | string;
  type: string;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The shop's mark: the operator's logo file (SVG or PNG), or a rounded square in the brand colour
 * with the configured letters, drawn here so that no default logo ships with the code.
 */
export function brandMark(config: GatewayConfig): BrandMark {
  const file = config.brandLogoFile;
  if (file && existsSync(file)) {
    const ext = path.extname(file).toLowerCase();
    return { body: readFileSync(file), type: ext === '.png' ? 'image/png' : 'image/svg+xml' };
  }
  const text = config.brandMark;
  const size = [...text].length <= 1 ? 36 : [...text].length === 2 ? 28 : [...text].length === 3 ? 21 : 16;
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img">' +
    `<rect width="64" height="64" rx="12" fill="${config.brand.color}"/>` +
    `<text x="32" y="33" fill="#fff" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${size}" text-anchor="middle" dominant-baseline="central">${escapeXml(text)}</text>` +
    '</svg>';
  return { body: svg, type: 'image/svg+xml' };
}

export const LEGAL_PAGES = ['imprint', 'terms', 'privacy', 'withdrawal'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

/** The markdown of one legal page in one language, read from LEGAL_DIR (null when missing). */
export function legalMarkdown(config: GatewayConfig, lang: string, page: string): string | null {
  if ((lang !== 'en' && lang !== 'zh') || !(LEGAL_PAGES as readonly string[]).includes(page)) return null;
  const file = path.resolve(config.legalDir, lang, `${page}.md`);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}
