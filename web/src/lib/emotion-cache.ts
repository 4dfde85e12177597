import createCache, { type EmotionCache } from '@emotion/cache';
// The attribute the server writes (ssr-styles.ts); a constant, so this module pulls nothing else in.
import { RULE_HASHES_ATTRIBUTE } from '../ssr-styles';

let cache: EmotionCache | null = null;

/**
 * The browser's Emotion cache. On a prerendered page it knows the rules the server put into
 * <head> (ssr-styles.ts) as inserted, so hydration inserts none of them again and no style sheet
 * of the page moves; rules the page did not have are added in a sheet of their own after them.
 */
export function browserEmotionCache(): EmotionCache {
  if (cache) return cache;
  cache = createCache({ key: 'css' });
  const hashes = document.head.querySelector(`style[${RULE_HASHES_ATTRIBUTE}]`)?.getAttribute(RULE_HASHES_ATTRIBUTE);
  for (const hash of hashes?.split(' ') ?? []) if (hash) cache.inserted[hash] = true;
  return cache;
}
