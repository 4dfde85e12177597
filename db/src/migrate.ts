import { type Kysely, type MigrationResultSet, Migrator } from 'kysely';
import { migrations } from './migrations/index.js';

function migratorFor(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

function unwrap(result: MigrationResultSet): string[] {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`migration ${failed ?? '(unknown)'} failed: ${String((result.error as Error).message ?? result.error)}`);
  }
  return (result.results ?? []).map((r) => `${r.direction} ${r.migrationName}`);
}

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return unwrap(await migratorFor(db).migrateToLatest());
}

export async function migrateDown(db: Kysely<any>): Promise<string[]> {
  return unwrap(await migratorFor(db).migrateDown());
}

export async function migrateToNothing(db: Kysely<any>): Promise<string[]> {
  const { NO_MIGRATIONS } = await import('kysely');
  return unwrap(await migratorFor(db).migrateTo(NO_MIGRATIONS));
}

export const migrationNames = Object.keys(migrations);
