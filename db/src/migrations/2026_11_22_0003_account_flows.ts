import { type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The legacy client checks the captcha (verifyCode) before it logs in (loginOn).
  await db.schema.alterTable('captchas').addColumn('verified_at', 'timestamptz').execute();
  // confirmVer carries only the code: the flow is bound to the client by a cookie whose hash is kept here.
  await db.schema.alterTable('verification_codes').addColumn('flow_hash', 'text').execute();
  await db.schema.createIndex('verification_codes_flow_idx').on('verification_codes').column('flow_hash').execute();
  // The external registration service wants the password itself; it is kept sealed until mirrored.
  await db.schema.alterTable('registration_mirrors').addColumn('sealed_password', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('registration_mirrors').dropColumn('sealed_password').execute();
  await db.schema.dropIndex('verification_codes_flow_idx').execute();
  await db.schema.alterTable('verification_codes').dropColumn('flow_hash').execute();
  await db.schema.alterTable('captchas').dropColumn('verified_at').execute();
}
