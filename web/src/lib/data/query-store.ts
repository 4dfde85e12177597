import type { ApolloClient, ObservableQuery, OperationVariables } from '@apollo/client';
import type { TadaDocumentNode } from 'gql.tada';
import { resultKey, type EmbeddedResults } from './result-key';

/** What a component reads of a query: as Apollo's useQuery gives it. */
export interface QueryState<T> {
  data: T | undefined;
  loading: boolean;
  error: Error | undefined;
}

/** The fetch policies the first screen's queries use (Apollo's, handed to watchQuery as they are). */
export type QueryPolicy = { fetchPolicy: 'cache-first' } | { fetchPolicy: 'cache-and-network'; nextFetchPolicy: 'cache-first' };

/** Where the store gets the Apollo client from (in the browser: lib/data/client.ts; none on the server). */
export interface ClientSource {
  loaded(): ApolloClient | null;
  load(): Promise<ApolloClient>;
  /** Called once the client exists, before anyone who asked for it is answered. */
  onLoaded(listener: (client: ApolloClient) => void): void;
}

type Document = TadaDocumentNode<unknown, OperationVariables>;

const LOADING: QueryState<never> = { data: undefined, loading: true, error: undefined };

function stateOf(result: ObservableQuery.Result<unknown>): QueryState<unknown> {
  return { data: result.dataState === 'complete' ? result.data : undefined, loading: result.loading, error: result.error };
}

/**
 * One query (document and variables) as the components on screen read it: from the embedded
 * answer (or loading) until the client is loaded, then from Apollo's `watchQuery`, as useQuery
 * would: the ObservableQuery is made on first read, and let go a moment after the last reader
 * left (a reader that comes straight back, e.g. React's StrictMode, keeps it).
 */
class QueryEntry {
  private readonly listeners = new Set<() => void>();
  private snapshot: QueryState<unknown>;
  /** What the HTML was rendered from: React reads this while it hydrates, whatever came since. */
  private readonly server: QueryState<unknown>;
  private observable: ObservableQuery<unknown> | null = null;
  private subscription: { unsubscribe(): void } | null = null;
  private lastRead: ObservableQuery.Result<unknown> | null = null;

  constructor(
    private readonly store: QueryStore,
    readonly document: Document,
    readonly variables: OperationVariables,
    public policy: QueryPolicy,
    embedded: { data: unknown } | undefined,
  ) {
    this.server = embedded ? { data: embedded.data, loading: false, error: undefined } : LOADING;
    this.snapshot = this.server;
  }

  /**
   * Needs the client now: nothing to show without asking, or the policy asks the network anyway,
   * unless the answer came with a page rendered for this visitor a moment ago (QueryStore `fresh`).
   */
  get needsClient(): boolean {
    if (this.snapshot.data === undefined) return true;
    return this.policy.fetchPolicy !== 'cache-first' && !(this.store.embeddedFresh && this.snapshot === this.server);
  }

  readonly getSnapshot = (): QueryState<unknown> => this.snapshot;
  readonly getServerSnapshot = (): QueryState<unknown> => this.server;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    const client = this.store.loadedClient();
    if (client) this.watch(client);
    else if (this.needsClient) this.store.loadClient().catch((error: unknown) => this.set({ data: this.snapshot.data, loading: false, error: asError(error) }));
    return () => {
      this.listeners.delete(listener);
      // As Apollo's useQuery: a reader subscribing again at once reuses the query without asking again.
      setTimeout(() => {
        if (this.listeners.size === 0) this.release();
      });
    };
  };

  /**
   * Read at render time once the client is there and nobody follows the query yet: Apollo's current
   * answer (the cache, or loading). A new snapshot only for a new answer (Apollo keeps an equal one
   * the same object), so readers rendered one after another see one snapshot.
   */
  readFrom(client: ApolloClient): void {
    if (this.subscription) return;
    const result = this.observe(client).getCurrentResult();
    if (result === this.lastRead) return;
    this.lastRead = result;
    this.snapshot = stateOf(result);
  }

  /** Follows the query in Apollo from now on (the client has just been loaded, or a reader came). */
  watch(client: ApolloClient): void {
    if (this.subscription || this.listeners.size === 0) return;
    const observable = this.observe(client);
    this.subscription = observable.subscribe((result) => this.set(stateOf(result)));
    this.set(stateOf(observable.getCurrentResult()));
  }

  private observe(client: ApolloClient): ObservableQuery<unknown> {
    this.observable ??= client.watchQuery({ query: this.document, variables: this.variables, ...this.policy });
    return this.observable;
  }

  private release(): void {
    this.subscription?.unsubscribe();
    this.subscription = null;
    this.observable = null;
    this.lastRead = null;
  }

  private set(next: QueryState<unknown>): void {
    const now = this.snapshot;
    if (now.data === next.data && now.loading === next.loading && now.error === next.error) return;
    this.snapshot = next;
    for (const l of this.listeners) l();
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * The first screen's queries without Apollo on the first load: a page the gateway prerendered
 * carries the answers it was rendered from, which the store serves until something needs the
 * network or the cache (a query without an embedded answer, a login, a purchase, another page).
 * Then the one Apollo client is loaded, the embedded answers are written into its cache, and every
 * query on screen follows Apollo's `watchQuery` from there: the same components, the same hook.
 * On the server the store has no client: it serves what the renderer fetched before rendering.
 */
export class QueryStore {
  private readonly entries = new Map<string, QueryEntry>();
  /** The embedded answers not yet written into Apollo's cache (null once the buyer may have changed). */
  private unseeded: EmbeddedResults | null;

  /** The embedded answers are the visitor's own, from a render for them: a `cache-and-network` query shows them without asking again until Apollo is loaded. */
  readonly embeddedFresh: boolean;

  constructor(
    private readonly embedded: EmbeddedResults,
    private readonly clients: ClientSource | null,
    options: { fresh?: boolean } = {},
  ) {
    this.embeddedFresh = options.fresh ?? false;
    this.unseeded = { ...embedded };
    clients?.onLoaded((client) => this.takeOver(client));
  }

  loadedClient(): ApolloClient | null {
    return this.clients?.loaded() ?? null;
  }

  loadClient(): Promise<ApolloClient> {
    return this.clients ? this.clients.load() : Promise.reject(new Error('no Apollo client here (prerendering)'));
  }

  /** The answer the page came with, if it came with this one. */
  embeddedData<T, V extends OperationVariables>(document: TadaDocumentNode<T, V>, variables: V): T | undefined {
    return this.embedded[resultKey(document, variables)] as T | undefined;
  }

  /** The entry of this query, made on first use; the policy is that of the latest reader. */
  entry(document: Document, variables: OperationVariables, policy: QueryPolicy): QueryEntry {
    const key = resultKey(document, variables);
    let entry = this.entries.get(key);
    if (!entry) {
      entry = new QueryEntry(this, document, variables, policy, key in this.embedded ? { data: this.embedded[key] } : undefined);
      this.entries.set(key, entry);
    }
    entry.policy = policy;
    const client = this.loadedClient();
    if (client) {
      this.seed(client, key, entry);
      entry.readFrom(client);
    }
    return entry;
  }

  /**
   * The client has just been loaded: the embedded answers go into its cache as their queries are
   * known (now for those read so far, later for the others), then the queries on screen follow
   * Apollo. Runs before whoever asked for the client gets it: a login's reset of the store must
   * find the queries on screen watched, so they ask again for the buyer.
   */
  private takeOver(client: ApolloClient): void {
    // After a reset (login, logout) the embedded answers, a guest's, are not the visitor's any more.
    const forget = async () => {
      this.unseeded = null;
    };
    client.onResetStore(forget);
    client.onClearStore(forget);
    for (const [key, entry] of this.entries) this.seed(client, key, entry);
    for (const entry of this.entries.values()) entry.watch(client);
  }

  /** Writes the embedded answer of this query into the cache, once (without waking watchers: none read it yet). */
  private seed(client: ApolloClient, key: string, entry: QueryEntry): void {
    if (!this.unseeded || !(key in this.unseeded)) return;
    const data = this.unseeded[key];
    delete this.unseeded[key];
    client.cache.writeQuery({ query: entry.document, variables: entry.variables, data, broadcast: false });
  }
}
