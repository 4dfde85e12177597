import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './database.js';

// Hot read paths (the session behind every request, a buyer's order page) run as named prepared
// statements: PostgreSQL parses and plans them once per connection instead of on every request
// (planning the order page cost more than running it). Only texts registered here are named, so the
// per-connection statement cache stays small and bounded. Behind a pooler in transaction mode
// this needs PgBouncer >= 1.21 with max_prepared_statements set.

const names = new Map<string, string>();
const MAX_NAMED = 100;

/** Marks a compiled query's SQL text to run as a named prepared statement. */
export function prepared<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  if (!names.has(query.sql) && names.size < MAX_NAMED) {
    names.set(query.sql, `shop_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`);
  }
  return query;
}

/** The statement name for a registered SQL text, if any (used by the pool's clients). */
export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}

/**
 * A query built and compiled once with placeholder arguments and registered as a prepared
 * statement; each call only binds the arguments, by name, to the compiled text.
 */
export function queryTemplate<K extends string, R>(
  keys: readonly K[],
  build: (db: Kysely<Database>, args: Record<K, never>) => Compilable<R>,
): (db: Kysely<Database>, args: Record<K, unknown>) => CompiledQuery<R> {
  let compiled: CompiledQuery<R> | undefined;
  let slots: Array<{ key: K | null; value: unknown }> = [];
  return (db, args) => {
    if (!compiled) {
      const marks = Object.fromEntries(keys.map((k) => [k, `\u0000arg:${k}`])) as Record<K, never>;
      const c = build(db, marks).compile();
      const byMark = new Map<unknown, K>(keys.map((k) => [marks[k], k]));
      // Each parameter is either an argument's slot or a constant the builder put in.
      slots = c.parameters.map((p) => ({ key: byMark.get(p) ?? null, value: p }));
      for (const k of keys) if (!slots.some((s) => s.key === k)) throw new Error(`queryTemplate: argument ${k} is not used`);
      compiled = prepared(c);
    }
    return { ...compiled, parameters: slots.map((s) => (s.key === null ? s.value : args[s.key])) };
  };
}
