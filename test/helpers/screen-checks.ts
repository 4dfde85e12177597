import type { Page } from 'playwright-core';
import type { Test } from 'tap';
import { checkA11y } from './axe.js';
import { checkCss } from './css-audit.js';
import { timed } from './timings.js';

type T = Pick<Test, 'same'>;

/**
 * What every screen of the browser tests must pass: axe-core, style rules the browser applies, no
 * page or console error (a hydration mismatch, React #418/#423/#425, is one), nothing running
 * out of the viewport or over another element, and on a zh page no English text.
 */
export async function checkScreen(t: T, page: Page, screen: string): Promise<void> {
  await timed('check: axe', () => checkA11y(t, page, screen));
  await timed('check: css', () => checkCss(t, page, screen));
  checkErrors(t, page, screen);
  await timed('check: layout', () => checkLayout(t, page, screen));
  await timed('check: language', () => checkLanguage(t, page, screen));
}

// ---- errors ---------------------------------------------------------------------------------

const errorsOf = new WeakMap<Page, string[]>();
// A resource answered with an error status: the tests cause those on purpose (a failed query, a
// 401 before a login) and the page says so itself where it matters.
const NOISE = /Failed to load resource/;

/** Keeps the page's uncaught errors and console errors (launchBrowser does so for every page). */
export function recordPageErrors(page: Page): void {
  const errors: string[] = [];
  errorsOf.set(page, errors);
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !NOISE.test(m.text())) errors.push(`console: ${m.text()}`);
  });
}

/** The page's errors since the last look (each is reported once). */
export function takePageErrors(page: Page): string[] {
  const errors = errorsOf.get(page);
  return errors ? errors.splice(0) : [];
}

export function checkErrors(t: T, page: Page, screen: string): void {
  t.same(takePageErrors(page), [], `errors: ${screen} has no page error, console error or hydration mismatch`);
}

// ---- layout ---------------------------------------------------------------------------------

export interface LayoutFindings {
  /** How far the page scrolls sideways (0 when it fits). */
  scrollsBy: number;
  /** Items whose visible box runs past the viewport's left or right edge. */
  overflowing: string[];
  /** Pairs of items (not one inside the other) whose visible boxes intersect. */
  overlapping: string[];
}

/**
 * Reads the page's items (controls, images and runs of text: the text's own boxes, not its
 * element's, which may be wider) as they are seen: clipped by any ancestor that clips, hidden
 * ones left out. Items are compared within their layer (the page, or a fixed, sticky or stacked
 * box such as the header, a dialog, a menu or a toast), since a layer is meant to cover another.
 */
export async function layoutFindings(page: Page): Promise<LayoutFindings> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const CONTROL = 'a[href], button, input:not([type=hidden]), select, textarea, img, svg, [role=button], [role=checkbox], [role=radio]';
    type Box = { left: number; right: number; top: number; bottom: number };
    interface Item {
      el: Element;
      name: string;
      layer: Element | null;
      boxes: Box[];
      decorative: boolean;
    }

    // Each element's style and box are read once (a page has thousands of items, and each one's
    // ancestors were read again for every item under them).
    const styles = new Map<Element, CSSStyleDeclaration>();
    const styleOf = (el: Element) => {
      let s = styles.get(el);
      if (!s) styles.set(el, (s = getComputedStyle(el)));
      return s;
    };
    // What an element and its ancestors up to the body let show (each axis clipped only where
    // overflow is not visible), or null when one of them is visually hidden. Intersections only
    // shrink, so clipping a box by it equals clipping it ancestor by ancestor.
    const FULL: Box = { left: -Infinity, right: Infinity, top: -Infinity, bottom: Infinity };
    const windows = new Map<Element, Box | null>();
    const windowOf = (a: Element | null): Box | null => {
      if (!a || a === document.body) return FULL;
      if (windows.has(a)) return windows.get(a)!;
      const s = styleOf(a);
      let w: Box | null;
      // The visually-hidden pattern (a legend, a label for screen readers only).
      if (s.position === 'absolute' && s.clip !== 'auto' && s.clip !== '') w = null;
      else {
        const up = windowOf(a.parentElement);
        if (!up || (s.overflowX === 'visible' && s.overflowY === 'visible')) w = up;
        else {
          const c = a.getBoundingClientRect();
          w = {
            left: s.overflowX === 'visible' ? up.left : Math.max(up.left, c.left),
            right: s.overflowX === 'visible' ? up.right : Math.min(up.right, c.right),
            top: s.overflowY === 'visible' ? up.top : Math.max(up.top, c.top),
            bottom: s.overflowY === 'visible' ? up.bottom : Math.min(up.bottom, c.bottom),
          };
        }
      }
      windows.set(a, w);
      return w;
    };
    // `from`: the first element whose clipping applies (a text's own element clips it, a control's does not clip its box).
    const clipped = (from: Element | null, r: Box): Box | null => {
      const w = windowOf(from);
      if (!w) return null;
      const box = { left: Math.max(r.left, w.left), right: Math.min(r.right, w.right), top: Math.max(r.top, w.top), bottom: Math.min(r.bottom, w.bottom) };
      return box.right - box.left > 1 && box.bottom - box.top > 1 ? box : null;
    };
    const layers = new Map<Element, Element | null>();
    const layerOf = (el: Element | null): Element | null => {
      if (!el || el === document.body) return null;
      if (layers.has(el)) return layers.get(el)!;
      const s = styleOf(el);
      const own =
        s.position === 'fixed' ||
        s.position === 'sticky' ||
        (s.position === 'absolute' && s.zIndex !== 'auto') ||
        /^(dialog|alertdialog|menu|listbox|tooltip)$/.test(el.getAttribute('role') ?? '');
      const layer = own ? el : layerOf(el.parentElement);
      layers.set(el, layer);
      return layer;
    };
    const describe = (el: Element, text?: string) => {
      const id = el.getAttribute('data-testid');
      const label = (text ?? el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''}${label ? ` "${label}"` : ''}`;
    };
    const adorns = (field: Element, other: Element) => field.matches('input, select, textarea') && field.parentElement?.contains(other) === true;
    const seen = (el: Element) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });

    const items: Item[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
      if (el.tagName.toLowerCase() === 'svg' && el.parentElement?.closest('svg')) continue;
      if (!seen(el)) continue;
      const layer = layerOf(el);
      // An icon hidden from assistive technology is drawn over its control on purpose (a select's chevron).
      const decorative = el.closest('[aria-hidden=true]') !== null;
      if (el.matches(CONTROL)) {
        const boxes = [...el.getClientRects()].map((r) => clipped(el.parentElement, r)).filter((b): b is Box => b !== null);
        if (boxes.length) items.push({ el, name: describe(el), layer, boxes, decorative });
      }
      // The element's own runs of text.
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const boxes = [...range.getClientRects()].map((r) => clipped(el, r)).filter((b): b is Box => b !== null);
        if (boxes.length) items.push({ el, name: describe(el, node.textContent), layer, boxes, decorative });
      }
    }

    const overflowing = new Set<string>();
    for (const item of items)
      for (const b of item.boxes) {
        // Wholly beyond the edge is the visually-hidden pattern, not an overflow.
        if (b.right <= 0 || b.left >= width) continue;
        if (b.left < -1 || b.right > width + 1) overflowing.add(`${item.name} (${Math.round(b.left)}…${Math.round(b.right)} of ${width})`);
      }

    // Pairs are compared only where their extents overlap in height by more than the 4 px allowed
    // below: the items sorted by top, each compared with those starting above its bottom.
    const spans = items.map((item, index) => ({
      item,
      index,
      top: Math.min(...item.boxes.map((b) => b.top)),
      bottom: Math.max(...item.boxes.map((b) => b.bottom)),
    }));
    spans.sort((x, y) => x.top - y.top);
    const overlapping = new Set<string>();
    for (let i = 0; i < spans.length; i += 1)
      for (let j = i + 1; j < spans.length && spans[j]!.top < spans[i]!.bottom - 4; j += 1) {
        // Named in the order the page lists them.
        const [first, second] = spans[i]!.index < spans[j]!.index ? [spans[i]!, spans[j]!] : [spans[j]!, spans[i]!];
        const a = first.item;
        const b = second.item;
        if (a.decorative || b.decorative || a.layer !== b.layer || a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
        // A field's own adornments (a clear button, a chevron) sit inside its box on purpose.
        if (adorns(a.el, b.el) || adorns(b.el, a.el)) continue;
        for (const p of a.boxes)
          for (const q of b.boxes) {
            const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
            const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
            // A few pixels of height are the glyphs' ascent and descent, which overrun a tight line height.
            if (w > 2 && h > 4) overlapping.add(`${a.name} × ${b.name} (${Math.round(w)}×${Math.round(h)} px)`);
          }
      }
    return { scrollsBy: Math.max(0, document.documentElement.scrollWidth - width), overflowing: [...overflowing], overlapping: [...overlapping] };
  });
}

/** Asserts that the screen fits its viewport's width and that none of its items covers another. */
export async function checkLayout(t: T, page: Page, screen: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  t.same(await layoutFindings(page), { scrollsBy: 0, overflowing: [], overlapping: [] }, `layout: ${screen} at ${width} px fits and nothing overlaps`);
}

// ---- language -------------------------------------------------------------------------------

/**
 * Latin words a zh page may show: names and codes that are the same in both languages, and the
 * data the walks enter (a name, an address, an invoice's payee), which is the buyer's, not the
 * shop's text. Text marked as another language (`lang="en"`, e.g. the language switch's
 * "English"), email addresses, URLs and words with digits (order numbers, references) are left
 * out before the words are read.
 */
export const LATIN_ALLOWED = new Set([
  // Currencies, formats, identifiers.
  'EUR',
  'CNY',
  'USD',
  'PDF',
  'ISBN',
  'VAT',
  'IBAN',
  'BIC',
  'SWIFT',
  // SWIFT charge options and European payment schemes, chosen by these names in any bank's form.
  'OUR',
  'SHA',
  'BEN',
  'SEPA',
  'GiroCode',
  'ID',
  'QR',
  'PNG',
  'SVG',
  // File formats and the web's own words, written in Latin letters in Chinese too.
  'XML',
  'xml',
  'CSV',
  'csv',
  'Cookie',
  // Brands and providers written in Latin letters in Chinese too.
  'PayPal',
  'ASQ',
  // The payee's configured name (PAYEE_NAME), shown as the bank account's holder.
  'Software',
  'Quality',
  'Standard',
  // The bank account of the sandbox's configuration, shown with the transfer's details.
  'Sandbox',
  'sandbox',
  'not',
  'real',
  'bank',
  'Bank',
  'address',
  'Street',
  'Square',
  'Berlin',
  'Frankfurt',
  'am',
  'Main',
  'Germany',
  // The test operators' name (gateway/src/cli/operator.ts: Operator Shop).
  'Operator',
  'Shop',
  // What the walks type in: names, addresses, invoice data (test/helpers/accounts.ts: Example GmbH).
  'Test',
  'GmbH',
  'Buyer',
  'Ada',
  'ACME',
  'Automotive',
  'Co',
  'Ltd',
  'Publications',
  'Pudong',
  'Shanghai',
  'Bank',
  'of',
  'Example',
  'Hauptstraße',
  'Berlin',
  'BANK',
  'REF',
  'Not',
  'sent',
]);

/** The Latin words of a zh page's visible text outside the allowed ones (none on an en page). */
export async function englishOnZhPage(page: Page, allowed: ReadonlySet<string> = LATIN_ALLOWED): Promise<string[]> {
  const words = await page.evaluate(() => {
    if (!document.documentElement.lang.startsWith('zh')) return [];
    const settings = JSON.parse(document.getElementById('shop-settings')?.textContent ?? '{}') as { brand?: { name?: { en?: string } } };
    const brand = new Set((settings.brand?.name?.en ?? '').split(/\s+/));
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // Code and raw values (the console's audit data) are shown as written.
      // Content marked translate="no" (a configured legal identifier) is a proper name in its own language.
      if (!parent || parent.closest('script, style, noscript, template, pre, code, kbd, samp, [translate="no"]')) continue;
      if (!parent.closest('[lang]')?.getAttribute('lang')?.startsWith('zh')) continue;
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      // An email may be split over several text nodes (EmailText): its words are read from the whole element's text.
      const inEmails = new Set((parent.textContent ?? '').match(/\S+@\S+/g)?.flatMap((e) => e.split(/[^A-Za-z]+/)) ?? []);
      const text = (node.textContent ?? '')
        .replace(/\S+@\S+/g, ' ')
        .replace(/\b(https?:\/\/|www\.)\S+/g, ' ')
        .replace(/[\w.-]*\d[\w.-]*/g, ' ');
      for (const [word] of text.matchAll(/[A-Za-zÀ-ÿß]{2,}/g)) if (!brand.has(word) && !inEmails.has(word)) found.add(word);
    }
    return [...found];
  });
  return words.filter((w) => !allowed.has(w));
}

export async function checkLanguage(t: T, page: Page, screen: string): Promise<void> {
  t.same(await englishOnZhPage(page), [], `language: ${screen} shows no English on a zh page`);
}
