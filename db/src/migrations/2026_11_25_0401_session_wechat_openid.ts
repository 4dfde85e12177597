import { type Kysely, sql } from 'kysely';

// Paying inside WeChat (JSAPI) names the payer by openid. The shop learns it from WeChat's web
// authorization and keeps it on the session it verified it for, with the AppID it belongs to
// (an openid means nothing under another AppID), never from what a client sends.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sessions add column wechat_openid text, add column wechat_appid text`.execute(db);
  await sql`alter table sessions add constraint sessions_wechat_pair check ((wechat_openid is null) = (wechat_appid is null))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table sessions drop constraint sessions_wechat_pair, drop column wechat_openid, drop column wechat_appid`.execute(db);
}
