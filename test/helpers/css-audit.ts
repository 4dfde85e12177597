import type { Page } from 'playwright-core';
import type { Test } from 'tap';

// The style rules a page was given, checked as the browser reads them. A declaration the browser
// cannot parse is dropped without a word: `padding: 4` where a spacing token was meant, `color:
// gray.650` for a colour token the theme does not define. The SPA's theme defines only the tokens
// its code names (web/vite.config.ts, shop-theme-tokens), so a token it missed would show up here,
// on the screen that uses it, as such a declaration.

declare global {
  interface Window {
    __shopInsertedCss?: string[];
  }
}

/**
 * Runs in every page before its scripts (launchBrowser adds it to each context): keeps the text of
 * every rule inserted through the CSSOM. Emotion inserts its rules so in production, and the
 * browser's copy of a rule has lost the declarations it dropped.
 */
export function recordInsertedCss(): void {
  const inserted: string[] = [];
  window.__shopInsertedCss = inserted;
  const insertRule = CSSStyleSheet.prototype.insertRule;
  CSSStyleSheet.prototype.insertRule = function (this: CSSStyleSheet, rule: string, index?: number) {
    inserted.push(rule);
    return insertRule.call(this, rule, index);
  };
}

export interface CssFindings {
  /** Declarations the browser drops (`property: value`), each once. */
  dropped: string[];
  /** `var(--chakra-…)` references without a fallback to a variable that no rule defines. */
  undefinedVars: string[];
}

/** Reads the page's style elements and the rules inserted into it, and checks each declaration. */
export async function cssFindings(page: Page): Promise<CssFindings | null> {
  return page.evaluate(() => {
    const inserted = window.__shopInsertedCss;
    if (!inserted) return null;
    const texts = [...inserted, ...[...document.querySelectorAll('style')].map((s) => s.textContent ?? '')];
    const dropped = new Set<string>();
    const defined = new Set<string>();
    const referenced = new Set<string>();
    const vendorPrefixed = /^-(webkit|moz|ms|o)-/;
    const unresolvedToken =
      /(^|[\s(,{])(colors|sizes|spacing|radii|fontSizes|fonts|fontWeights|lineHeights|letterSpacings|shadows|zIndex|durations|easings|animations|blurs|borders|aspectRatios|cursor)\.[\w.-]+/;
    for (const text of texts) {
      const css = text.replace(/\/\*[\s\S]*?\*\//g, '');
      // The innermost blocks hold the declarations; an at-rule's or a nested rule's block holds blocks.
      for (const [, body] of css.matchAll(/\{([^{}]*)\}/g)) {
        for (const declaration of splitDeclarations(body!)) {
          const colon = declaration.indexOf(':');
          if (colon < 0) continue;
          const property = declaration.slice(0, colon).trim();
          const value = declaration
            .slice(colon + 1)
            .replace(/!important\s*$/, '')
            .trim();
          for (const [, name] of value.matchAll(/var\(\s*(--chakra-[\w-]+)\s*\)/g)) referenced.add(name!);
          if (property.startsWith('--')) {
            defined.add(property);
            // A custom property takes any text, so a token path left unresolved is kept as written.
            if (unresolvedToken.test(value)) dropped.add(`${property}: ${value}`);
            continue;
          }
          // Emotion's prefixer writes each standard declaration again for other engines
          // (-moz-appearance, display: -ms-flexbox); this browser drops those by design.
          if (vendorPrefixed.test(property) || vendorPrefixed.test(value)) continue;
          if (!CSS.supports(property, value)) dropped.add(`${property}: ${value}`);
        }
      }
    }
    return { dropped: [...dropped], undefinedVars: [...referenced].filter((v) => !defined.has(v)) };

    // Splits a block's body at the semicolons outside brackets and quotes (a data: URL holds some).
    function splitDeclarations(body: string): string[] {
      const out: string[] = [];
      let depth = 0;
      let quote = '';
      let start = 0;
      for (let i = 0; i < body.length; i += 1) {
        const c = body[i];
        if (quote) {
          if (c === '\\') i += 1;
          else if (c === quote) quote = '';
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '(') depth += 1;
        else if (c === ')') depth -= 1;
        else if (c === ';' && depth === 0) {
          out.push(body.slice(start, i));
          start = i + 1;
        }
      }
      out.push(body.slice(start));
      return out.filter((d) => d.trim() !== '');
    }
  });
}

/** Asserts that every style declaration of the screen is one the browser applies. */
export async function checkCss(t: Pick<Test, 'same'>, page: Page, screen: string): Promise<void> {
  const found = await cssFindings(page);
  t.same(found, { dropped: [], undefinedVars: [] }, `css: ${screen} has no declaration the browser drops and no undefined token variable`);
}
