/**
 * A batch loader for one execution that works wherever a query runs: over HTTP and in the server
 * renderer's in-process executions (`app.graphql`, web/src/ssr.tsx's My Orders), where Mercurius'
 * own loaders refuse to run ('loaders only work via reply.graphql()'). The keys one execution asks
 * for while it resolves a list (every order of a page) go to `load` together, in one call; `load`
 * answers one value per key, in key order.
 */
export function batchLoader<C extends object, K, V>(load: (keys: K[], ctx: C) => Promise<V[]>): (ctx: C, key: K) => Promise<V> {
  const open = new WeakMap<C, { keys: K[]; waiters: { resolve: (v: V) => void; reject: (err: unknown) => void }[] }>();
  return (ctx, key) =>
    new Promise<V>((resolve, reject) => {
      let batch = open.get(ctx);
      if (!batch) {
        const b = { keys: [] as K[], waiters: [] as { resolve: (v: V) => void; reject: (err: unknown) => void }[] };
        open.set(ctx, b);
        // After the execution has walked the list (its fields are resolved in one pass).
        setImmediate(() => {
          open.delete(ctx);
          load(b.keys, ctx).then(
            (values) => b.waiters.forEach((w, i) => w.resolve(values[i] as V)),
            (err: unknown) => b.waiters.forEach((w) => w.reject(err)),
          );
        });
        batch = b;
      }
      batch.keys.push(key);
      batch.waiters.push({ resolve, reject });
    });
}
