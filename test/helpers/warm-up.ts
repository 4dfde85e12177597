// A gateway renders a guest's book list at start (PRERENDER_WARM_UP), for the first buyers: loading
// the server renderer and those two renders cost a test process 0.2-0.4 s of CPU, for nothing in a
// suite that never asks for a page. Test stacks skip it unless their suite serves pages.
let warmRenderer = false;

/**
 * Called by a suite that asks for the storefront's pages: its gateways render the book list at
 * start, as in production, so its first page is never the empty shell of a renderer still loading.
 */
export function servesPages(): void {
  warmRenderer = true;
}

/** The test stacks' renderer warm-up: the suite's choice (servesPages) unless its settings say. */
export const warmUpSetting = () => ({ PRERENDER_WARM_UP: String(warmRenderer) });
