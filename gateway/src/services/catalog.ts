import type { Book, Country, Db } from '@shop/db';

const TTL_MS = 60_000;

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

/**
 * The catalogue (three books, about 240 countries) changes only with a deployment or a seed run,
 * so each gateway keeps it in memory for a minute instead of asking PostgreSQL on every request.
 */
export class CatalogCache {
  private books?: Cached<Book[]>;
  private countries?: Cached<Country[]>;

  constructor(private readonly db: Db) {}

  /**
   * Until when the snapshot held now stays valid (0 when nothing is held): answers built from it
   * (the cached GraphQL catalogue answers) must not outlive it.
   */
  snapshotValidUntil(): number {
    const ends = [this.books, this.countries].filter((c): c is Cached<never> => !!c).map((c) => c.at + TTL_MS);
    return ends.length ? Math.min(...ends) : 0;
  }

  private fresh<T>(c: Cached<T> | undefined, load: () => Promise<T>): Cached<T> {
    if (c && Date.now() - c.at < TTL_MS) return c;
    const value = load();
    // A failed load must not be cached.
    value.catch(() => {
      if (this.books?.value === (value as unknown)) this.books = undefined;
      if (this.countries?.value === (value as unknown)) this.countries = undefined;
    });
    return { at: Date.now(), value };
  }

  activeBooks(): Promise<Book[]> {
    this.books = this.fresh(this.books, () => this.db.selectFrom('books').selectAll().where('active', '=', true).orderBy('id').execute());
    return this.books.value;
  }

  async book(id: number): Promise<Book | undefined> {
    return (await this.activeBooks()).find((b) => b.id === id);
  }

  allCountries(): Promise<Country[]> {
    this.countries = this.fresh(this.countries, () => this.db.selectFrom('countries').selectAll().orderBy('sort_order').execute());
    return this.countries.value;
  }
}
