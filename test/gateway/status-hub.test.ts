import t from 'tap';
import { Redis } from 'ioredis';
import { orderStatusChannel } from '@shop/core/status-events';
import { OrderStatusHub } from '@shop/gateway/services/payments/status-hub';
import { uniquePrefix } from '../helpers/redis.js';
import { requireEnv } from '../helpers/env.js';
import { eventually } from '../helpers/tmp.js';

// The gateway's order-status subscriber against a real Redis: pages that start listening while
// its connection is still in its handshake (the first buyers after a start) are heard like any
// other.

t.test('orders listened to during the connection handshake are all subscribed and heard', async (t) => {
  const prefix = uniquePrefix();
  const warnings: string[] = [];
  const hub = new OrderStatusHub(requireEnv('REDIS_URL'), prefix, { warn: (_obj, msg) => void warnings.push(msg) });
  const publisher = new Redis(requireEnv('REDIS_URL'));
  t.teardown(async () => {
    await hub.close();
    await publisher.quit().catch(() => undefined);
  });
  const heard = new Set<string>();
  const listens: Promise<void>[] = [];
  const listen = (orderNo: string) => listens.push(hub.listen(orderNo, () => void heard.add(orderNo)).ready);
  // The first listen opens the connection; the next ones arrive while it connects and while it
  // runs its handshake (the 'connect' event comes before CLIENT SETNAME and the ready check).
  listen('HS-0');
  const connection = (hub as unknown as { redis: Redis }).redis;
  await new Promise<void>((resolve) =>
    connection.once('connect', () => {
      for (let i = 1; i <= 5; i++) listen(`HS-${i}`);
      resolve();
    }),
  );
  await Promise.all(listens);
  const orders = ['HS-0', 'HS-1', 'HS-2', 'HS-3', 'HS-4', 'HS-5'];
  for (const o of orders) await publisher.publish(orderStatusChannel(prefix, o), 'paid');
  await eventually('every order was heard', async () => orders.every((o) => heard.has(o)));
  t.same(warnings, [], 'no subscription failed');
});
