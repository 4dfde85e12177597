import t from 'tap';
import { pagerPages } from '../../web/src/components/ui/pager-pages.ts';

// The pager's row of page numbers (web/src/components/ui/Pager.tsx), as Chakra's Pagination drew it
// before (one sibling on each side of the current page, the first and the last page).

t.test('up to seven pages: all of them', async (t) => {
  t.same(pagerPages(1, 0), [], 'no orders: no page buttons');
  t.same(pagerPages(1, 1), [1]);
  t.same(pagerPages(3, 3), [1, 2, 3]);
  t.same(pagerPages(7, 7), [1, 2, 3, 4, 5, 6, 7]);
});

t.test('more pages: the first, the last, the current with its neighbours, ellipses between', async (t) => {
  t.same(pagerPages(1, 20), [1, 2, 3, 4, 5, null, 20]);
  t.same(pagerPages(4, 20), [1, 2, 3, 4, 5, null, 20]);
  t.same(pagerPages(5, 20), [1, null, 4, 5, 6, null, 20]);
  t.same(pagerPages(16, 20), [1, null, 15, 16, 17, null, 20]);
  t.same(pagerPages(17, 20), [1, null, 16, 17, 18, 19, 20]);
  t.same(pagerPages(20, 20), [1, null, 16, 17, 18, 19, 20]);
  t.same(pagerPages(5, 8), [1, null, 4, 5, 6, 7, 8]);
});

t.test('every page of every size: seven entries, the current page, its neighbours, the ends, no lone page behind an ellipsis', async (t) => {
  const broken: string[] = [];
  for (let pages = 1; pages <= 40; pages++) {
    for (let current = 1; current <= pages; current++) {
      const row = pagerPages(current, pages);
      const numbers = row.filter((p): p is number => p !== null);
      const why = [
        row.length !== Math.min(7, pages) && `${row.length} entries`,
        !numbers.includes(current) && 'no current page',
        current > 1 && !numbers.includes(current - 1) && 'no previous page',
        current < pages && !numbers.includes(current + 1) && 'no next page',
        (numbers[0] !== 1 || numbers.at(-1) !== pages) && 'not from the first to the last',
        numbers.some((p, i) => i > 0 && p <= numbers[i - 1]!) && 'out of order',
        row.some((p, i) => p === null && (row[i + 1] as number) - (row[i - 1] as number) < 3) && 'an ellipsis for one page',
        row.some((p, i) => p !== null && row[i + 1] !== undefined && row[i + 1] !== null && row[i + 1] !== p + 1) && 'a gap without an ellipsis',
      ].filter(Boolean);
      if (why.length) broken.push(`${current}/${pages}: ${why.join(', ')} ${JSON.stringify(row)}`);
    }
  }
  t.same(broken, []);
});
