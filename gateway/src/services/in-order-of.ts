/**
 * The answer of a batched look-up by order number: one entry per asked number, in the order asked
 * (repeats included), null where no row has that number.
 */
export function inOrderOf<R extends { order_no: string }, V>(orderNos: readonly string[], rows: readonly R[], view: (row: R) => V): (V | null)[] {
  const byNo = new Map(rows.map((r) => [r.order_no, r]));
  return orderNos.map((no) => {
    const r = byNo.get(no);
    return r ? view(r) : null;
  });
}
