import t from 'tap';
import { setTimestamp } from '../helpers/db.js';
import { buy } from '../helpers/orders.js';
import { sandboxPayments } from '../helpers/admin-state.js';
import { startInProcess } from '../helpers/stack.js';
import { MARK_COMPLETED, MARK_SHIPPED, RECORD_PAPER, buyerWithoutMail, env, gqlOk, operator, paperInput, waitPaid, type Operator } from './helpers.js';

const LIST = `query($f: AdminOrderFilter, $p: Int, $s: Int) {
  adminOrders(filter: $f, page: $p, pageSize: $s) { total page pageSize items { orderNo buyerEmail buyerName status purchaseInfo { zip } } }
}`;

type Page = {
  adminOrders: {
    total: number;
    page: number;
    pageSize: number;
    items: { orderNo: string; buyerEmail: string; buyerName: string; status: string; purchaseInfo: { zip: string } | null }[];
  };
};

async function list(op: Operator, filter: Record<string, unknown> | null, page = 1, pageSize = 10) {
  return (await gqlOk<Page>(op.client, LIST, { f: filter, p: page, s: pageSize })).adminOrders;
}

async function recordPaper(op: Operator, email: string, overrides: Record<string, unknown>): Promise<string> {
  return (await gqlOk<{ recordPaperOrder: { order: { orderNo: string } } }>(op.client, RECORD_PAPER, { i: paperInput(email, overrides) })).recordPaperOrder
    .order.orderNo;
}

t.test('operators find orders by filters and search, with exact totals', async (t) => {
  // The payment sandboxes as providers, for a pending WeChat Pay order.
  const payments = await sandboxPayments(t);
  const stack = await startInProcess(t, { ...env, ...payments.env }, { workers: false });
  const op = await operator(stack);
  const [alice, bob, carol] = [await buyerWithoutMail(stack, 'alice'), await buyerWithoutMail(stack, 'bob'), await buyerWithoutMail(stack, 'carol')];

  // Seven orders across three buyers, every state the console filters on.
  const a1 = (await buy(alice.client, { paymentMethod: 'BANK_TRANSFER', bookId: '1' })).data!.checkout.order.orderNo; // pending transfer
  const a2 = (await buy(alice.client, { paymentMethod: 'WECHAT_NATIVE', bookId: '2' })).data!.checkout.order.orderNo; // pending WeChat
  const a3 = await recordPaper(op, alice.email, { bookId: '3', markPaid: true }); // paid paper, shipped below
  await gqlOk(op.client, MARK_SHIPPED, { o: a3 });
  const b1 = (await buy(bob.client, { paymentMethod: 'BANK_TRANSFER', bookId: '1' })).data!.checkout.order.orderNo; // paid transfer
  await gqlOk(op.client, MARK_COMPLETED, { o: b1, r: 'R-B1' });
  await waitPaid(stack, b1);
  const b2 = await recordPaper(op, bob.email, { bookId: '2' }); // pending paper
  const c1 = (await buy(carol.client, { paymentMethod: 'BANK_TRANSFER', bookId: '3' })).data!.checkout.order.orderNo; // pending transfer, ten days old
  const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
  await setTimestamp(stack.db, 'orders', 'created_at', new Date(`${tenDaysAgo}T12:00:00Z`), 'order_no', c1);
  const c2 = await recordPaper(op, carol.email, { bookId: '1', markPaid: true }); // paid paper to ship

  const same = async (filter: Record<string, unknown> | null, expected: string[], what: string) => {
    const page = await list(op, filter, 1, 50);
    t.same({ total: page.total, orders: page.items.map((i) => i.orderNo).sort() }, { total: expected.length, orders: [...expected].sort() }, what);
  };
  const all = await list(op, null, 1, 50);
  t.equal(all.total, 7);
  t.same(
    all.items.map((i) => i.orderNo),
    [c2, b2, b1, a3, a2, a1, c1],
    'newest first',
  );
  t.match(
    all.items.find((i) => i.orderNo === b2),
    { buyerEmail: bob.email, buyerName: 'Test Buyer', status: 'PENDING_PAYMENT', purchaseInfo: { zip: '10115' } },
  );

  await same({ status: 'PENDING_PAYMENT' }, [a1, a2, b2, c1], 'pending');
  await same({ status: 'PAID' }, [a3, b1, c2], 'paid');
  await same({ status: 'EXPIRED' }, [], 'expired');
  await same({ payType: 3 }, [a1, a3, b1, b2, c1, c2], 'offline pay type');
  await same({ payType: 2 }, [a2], 'provider pay type');
  await same({ provider: 'WECHAT' }, [a2], 'WeChat');
  await same({ provider: 'BANK_TRANSFER', status: 'PENDING_PAYMENT' }, [a1, b2, c1], 'transfers to complete');
  await same({ format: 'PAPER', status: 'PAID', shippingStatus: 'NOT_SHIPPED' }, [c2], 'paper orders to ship');
  await same({ shippingStatus: 'SHIPPED' }, [a3], 'shipped');
  await same({ search: 'ALICE' }, [a1, a2, a3], 'search by buyer email, any case');
  await same({ search: `${bob.email.split('@')[0]!.toUpperCase()}@Example.COM` }, [b1, b2], 'a whole email');
  await same({ search: a2.slice(6).toLowerCase() }, [a2], 'search by part of an order number');
  await same({ search: ` ${c1} ` }, [c1], 'a whole order number, padded');
  await same({ search: '%' }, [], 'LIKE wildcards are plain characters');
  await same({ search: 'example.com', status: 'PAID', format: 'PAPER' }, [a3, c2], 'search and filters together');
  await same({ createdTo: new Date(Date.now() - 5 * 86_400_000).toISOString() }, [c1], 'created up to five days ago');
  await same({ createdFrom: new Date(Date.now() - 5 * 86_400_000).toISOString() }, [a1, a2, a3, b1, b2, c2], 'created since five days ago');
  await same({ createdFrom: tenDaysAgo, createdTo: tenDaysAgo }, [c1], 'one whole day');

  const bad = async (filter: Record<string, unknown>) => {
    const r = await op.client.gql(LIST, { f: filter });
    return { message: r.errors?.[0]?.message, code: r.errors?.[0]?.extensions?.code, field: r.errors?.[0]?.extensions?.field };
  };
  t.same(await bad({ createdFrom: 'last week' }), { message: 'Please enter a valid date', code: 'BAD_USER_INPUT', field: 'createdFrom' });
  t.same(await bad({ createdTo: '2026-02-31' }), { message: 'Please enter a valid date', code: 'BAD_USER_INPUT', field: 'createdTo' });
  t.same(await bad({ payType: 5 }), { message: 'Invalid request', code: 'BAD_USER_INPUT', field: 'payType' });

  // Pages: 15 more paid paper orders for bob make 22; pages of 10 hold 10, 10 and 2.
  for (let i = 0; i < 15; i++) await recordPaper(op, bob.email, { bookId: '1', markPaid: true });
  const pages = [await list(op, null, 1, 10), await list(op, null, 2, 10), await list(op, null, 3, 10), await list(op, null, 4, 10)];
  t.same(
    pages.map((p) => [p.total, p.page, p.pageSize, p.items.length]),
    [
      [22, 1, 10, 10],
      [22, 2, 10, 10],
      [22, 3, 10, 2],
      [22, 4, 10, 0],
    ],
    'exact total on every page, also past the end',
  );
  t.equal(new Set(pages.flatMap((p) => p.items.map((i) => i.orderNo))).size, 22, 'every order once');
  const bobs = await list(op, { search: 'bob' }, 2, 10);
  t.same([bobs.total, bobs.items.length], [17, 7], "the second page of bob's orders");
  t.equal((await list(op, null, 1, 7)).pageSize, 20, 'an unknown page size falls back to 20');
});
