/**
 * Emotion's server render puts each component's rules in a <style data-emotion="css HASH"> just
 * before its markup, and a <style data-emotion="css-global HASH"> for each global sheet. Left so,
 * Emotion in the browser moves every one of them into <head> when it starts, and each move takes a
 * sheet out of the document and puts it back: the browser restyles the whole page, 100 ms and more
 * on a phone, before React has even started.
 *
 * So the server puts them into <head> itself, in their order, the components' rules as one sheet
 * that lists their hashes, and without Emotion's attributes: Emotion in the browser finds nothing
 * of its own to move. The browser's cache learns the hashes from the list instead and inserts none
 * of those rules again (lib/emotion-cache.ts); a prerendered page's Chakra system renders no
 * global sheet again (lib/system.ts).
 */
const EMOTION_STYLE = /<style data-emotion="([^"]+)"([^>]*)>([\s\S]*?)<\/style>/g;

/** The attribute of the sheet with the components' rules: the hashes of the rules it holds. */
export const RULE_HASHES_ATTRIBUTE = 'data-shop-rules';

export interface HoistedStyles {
  /** The markup without its style elements. */
  html: string;
  /** The style elements for <head>, in order. */
  head: string;
}

export function hoistEmotionStyles(markup: string): HoistedStyles {
  const globals: string[] = [];
  const hashes: string[] = [];
  const rules: string[] = [];
  let attributes = '';
  const html = markup.replace(EMOTION_STYLE, (_tag, names: string, rest: string, css: string) => {
    const [key = '', ...ids] = names.split(' ');
    // Any other attribute (a nonce) is kept as it came.
    if (key.endsWith('-global')) globals.push(`<style${rest}>${css}</style>`);
    else {
      hashes.push(...ids);
      rules.push(css);
      attributes = rest;
    }
    return '';
  });
  const components = hashes.length ? `<style ${RULE_HASHES_ATTRIBUTE}="${hashes.join(' ')}"${attributes}>${rules.join('')}</style>` : '';
  return { html, head: globals.join('') + components };
}
