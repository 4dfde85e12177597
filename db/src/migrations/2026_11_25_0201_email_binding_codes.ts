import { type Kysely, sql } from 'kysely';

// A logged-in account (a phone-only one above all) binds or changes its email with a code mailed
// to the new address: a third purpose of verification codes.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table verification_codes drop constraint verification_codes_purpose_check`.execute(db);
  await sql`alter table verification_codes add constraint verification_codes_purpose_check check (purpose in ('register', 'reset', 'bind_email'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from verification_codes where purpose = 'bind_email'`.execute(db);
  await sql`alter table verification_codes drop constraint verification_codes_purpose_check`.execute(db);
  await sql`alter table verification_codes add constraint verification_codes_purpose_check check (purpose in ('register', 'reset'))`.execute(db);
}
