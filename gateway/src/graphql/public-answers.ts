import { Kind, parse, type DocumentNode } from 'graphql';

// Catalogue queries (books, a book, countries, the version) give every caller the same answer:
// no session, no locale header, nothing per buyer goes into them. Their serialized answers are
// kept for as long as the catalogue snapshot they were built from, so a repeated catalogue query
// is answered without parsing, validating, executing and serializing it again. Everything else
// (a query touching any other field, mutations, errors) always goes through Mercurius.

/** Root fields whose answers depend only on the query text, its variables and the catalogue. */
export const PUBLIC_ROOT_FIELDS: ReadonlySet<string> = new Set(['books', 'book', 'countries', 'version', '__typename']);

const MAX_QUERIES = 200;
const MAX_ANSWERS = 500;
const MAX_ANSWER_BYTES = 256 * 1024;
/** A query text longer than this is never remembered (a body may hold 256 KB of comment around a catalogue query). */
const MAX_QUERY_CHARS = 8 * 1024;

/** What a string costs the heap at most: V8 keeps a text with any non-Latin-1 character at two bytes per character. */
const heapBytes = (s: string) => 2 * s.length;

/** True when the document is one query whose root fields are all public catalogue fields. */
export function isPublicQuery(doc: DocumentNode): boolean {
  if (doc.definitions.length !== 1) return false;
  const op = doc.definitions[0]!;
  if (op.kind !== Kind.OPERATION_DEFINITION || op.operation !== 'query' || op.directives?.length) return false;
  return op.selectionSet.selections.every((s) => s.kind === Kind.FIELD && !s.directives?.length && PUBLIC_ROOT_FIELDS.has(s.name.value));
}

interface Answer {
  payload: string;
  contentType: string;
  validUntil: number;
}

export interface GraphqlBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
  extensions?: unknown;
  persisted?: unknown;
}

export class PublicAnswers {
  private readonly publicQuery = new Map<string, boolean>();
  private readonly answers = new Map<string, Answer>();
  /** The heap bytes the kept answers and their keys take; the oldest go first past `maxBytes`. */
  private bytes = 0;

  /**
   * @param maxBytes bound of the kept answers with their keys (GRAPHQL_ANSWER_CACHE_MB): the count
   * alone let 500 answers of up to 256 KB, each under a key as long as the request body, grow
   * to hundreds of megabytes.
   */
  constructor(
    private readonly validUntil: () => number,
    private readonly maxBytes = 8 * 1024 * 1024,
  ) {}

  /** Bytes held by the kept answers and their keys (for the metrics and the tests). */
  get heldBytes(): number {
    return this.bytes;
  }

  /** The cache key of a request that may be answered from here, or null. */
  key(body: GraphqlBody | undefined): string | null {
    if (!body || typeof body.query !== 'string' || body.extensions !== undefined || body.persisted !== undefined) return null;
    const { query, variables, operationName } = body;
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return null;
    if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) return null;
    if (query.length > MAX_QUERY_CHARS) return null;
    let pub = this.publicQuery.get(query);
    if (pub === undefined) {
      // Bounded: the oldest decision goes (a flood of distinct texts costs a parse each, as in Mercurius).
      if (this.publicQuery.size >= MAX_QUERIES) this.publicQuery.delete(this.publicQuery.keys().next().value!);
      try {
        pub = isPublicQuery(parse(query, { maxTokens: 1000 }));
      } catch {
        pub = false;
      }
      this.publicQuery.set(query, pub);
    }
    if (!pub) return null;
    return variables || operationName ? `${query}\u0000${operationName ?? ''}\u0000${JSON.stringify(variables ?? null)}` : query;
  }

  get(key: string): Answer | undefined {
    const a = this.answers.get(key);
    if (!a) return undefined;
    if (Date.now() < a.validUntil) return a;
    this.drop(key, a);
    return undefined;
  }

  private drop(key: string, a: Answer): void {
    this.answers.delete(key);
    this.bytes -= heapBytes(key) + heapBytes(a.payload);
  }

  /** Keeps a successful answer for as long as the catalogue snapshot behind it. */
  set(key: string, payload: string, contentType: string): void {
    const validUntil = this.validUntil();
    const size = heapBytes(key) + heapBytes(payload);
    if (payload.length > MAX_ANSWER_BYTES || size > this.maxBytes || validUntil <= Date.now()) return;
    const old = this.answers.get(key);
    if (old) this.drop(key, old);
    // Oldest first (a Map iterates in insertion order), until the new answer fits both bounds.
    for (const [k, a] of this.answers) {
      if (this.answers.size < MAX_ANSWERS && this.bytes + size <= this.maxBytes) break;
      this.drop(k, a);
    }
    this.answers.set(key, { payload, contentType, validUntil });
    this.bytes += size;
  }
}
