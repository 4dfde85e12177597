import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and import no application code.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('countries')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('email', 'text')
    .addColumn('phone_area', 'text')
    .addColumn('phone_no', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country_code', 'text', (c) => c.references('countries.code'))
    .addColumn('language', 'text', (c) =>
      c
        .notNull()
        .defaultTo('en')
        .check(sql`language in ('zh', 'en')`),
    )
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('buyer')
        .check(sql`role in ('buyer', 'operator')`),
    )
    .addColumn('login_first', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('users_has_account', sql`email is not null or (phone_area is not null and phone_no is not null)`)
    .execute();
  // Emails are unique whatever their case; the lowered index also serves login look-ups.
  await sql`create unique index users_email_lower_key on users (lower(email)) where email is not null`.execute(db);
  await sql`create unique index users_phone_key on users (phone_area, phone_no) where phone_no is not null`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('register', 'reset')`))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('verified_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('verification_codes_target_idx').on('verification_codes').columns(['target', 'purpose', 'created_at']).execute();

  await db.schema
    .createTable('registration_mirrors')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'succeeded', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('succeeded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('report_states')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('report_id', 'text', (c) => c.notNull())
    .addColumn('page_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('operation_module', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('operation_sub_module', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('save_or_submit', 'text')
    .addColumn('course_name', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('report_states_pk', ['user_id', 'report_id', 'page_no', 'operation_module', 'operation_sub_module'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['report_states', 'registration_mirrors', 'verification_codes', 'captchas', 'sessions', 'users', 'countries']) {
    await db.schema.dropTable(table).execute();
  }
}
