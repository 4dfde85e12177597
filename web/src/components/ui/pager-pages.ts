/**
 * The page numbers a pager shows, null where it leaves pages out (an ellipsis): every page up to
 * seven, else the first and the last, the current page with one on each side, and next to the first
 * or the last as many as keep the row at seven entries, so the pager keeps its width as the buyer
 * pages through. An ellipsis always stands for two pages or more.
 */
export function pagerPages(current: number, pages: number): (number | null)[] {
  if (pages <= 7) return range(1, pages);
  if (current <= 4) return [...range(1, 5), null, pages];
  if (current >= pages - 3) return [1, null, ...range(pages - 4, pages)];
  return [1, null, current - 1, current, current + 1, null, pages];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}
