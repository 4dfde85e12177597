import t from 'tap';
import { batchLoader } from '@shop/gateway/graphql/batch';

// The per-execution batch loader behind Order.refunds (gateway/src/graphql/batch.ts): the keys one
// execution asks for while resolving a list go to the loader in one call, each gets its own value;
// two executions never share a call; a failed call fails each of its keys.

t.test('one call per execution, values in key order', async (t) => {
  const calls: string[][] = [];
  const load = batchLoader(async (keys: string[], _ctx: object) => {
    calls.push([...keys]);
    return keys.map((k) => `value of ${k}`);
  });
  const one = {};
  const two = {};
  const answers = await Promise.all([load(one, 'a'), load(one, 'b'), load(two, 'c'), load(one, 'd')]);
  t.same(answers, ['value of a', 'value of b', 'value of c', 'value of d']);
  t.same(
    calls.sort((x, y) => y.length - x.length),
    [['a', 'b', 'd'], ['c']],
    'one call for the first execution, one for the second',
  );
  t.same(await load(one, 'e'), 'value of e', 'a later key is a new call');
  t.equal(calls.length, 3);
});

t.test('a failed call fails each of its keys', async (t) => {
  const load = batchLoader(async (_keys: number[], _ctx: object) => {
    throw new Error('database down');
  });
  const ctx = {};
  const results = await Promise.allSettled([load(ctx, 1), load(ctx, 2)]);
  t.same(
    results.map((r) => r.status),
    ['rejected', 'rejected'],
  );
});
