// The database as the code sees it: the table types kysely-codegen derives from the migrations
// (generated/db-types.ts; `npm run gen:db` rewrites it, `npm run gen:db -- --check` verifies it),
// with the app's unions for constrained columns (column-types.ts), plus one rule the schema
// cannot state: a row's creation time is never rewritten.
import type { ColumnType, InsertType, Insertable, SelectType, Selectable, Updateable } from 'kysely';
import type { DB } from './generated/db-types.js';

export type * from './column-types.js';

type CreationTime = 'created_at' | 'received_at';

type CreationTimeFrozen<Table> = {
  [C in keyof Table]: C extends CreationTime ? ColumnType<SelectType<Table[C]>, InsertType<Table[C]>, never> : Table[C];
};

export type Database = { [T in keyof DB]: CreationTimeFrozen<DB[T]> };

export type User = Selectable<Database['users']>;
export type NewUser = Insertable<Database['users']>;
export type UserUpdate = Updateable<Database['users']>;
export type Book = Selectable<Database['books']>;
export type Country = Selectable<Database['countries']>;
export type Order = Selectable<Database['orders']>;
export type NewOrder = Insertable<Database['orders']>;
export type PaymentIntent = Selectable<Database['payment_intents']>;
export type Refund = Selectable<Database['refunds']>;
export type InvoiceDocument = Selectable<Database['invoice_documents']>;
export type OrderEvent = Selectable<Database['order_events']>;
export type OutboxRow = Selectable<Database['outbox']>;
export type Session = Selectable<Database['sessions']>;
export type RegistrationMirror = Selectable<Database['registration_mirrors']>;
export type AuditEvent = Selectable<Database['audit_events']>;
export type PaymentAttemptEvent = Selectable<Database['payment_attempt_events']>;
