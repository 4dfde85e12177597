export * from './database.js';
export { createDb, createPool, type Db, type DbOptions } from './connect.js';
export { prepared, queryTemplate } from './prepared.js';
export { migrateToLatest, migrateDown, migrateToNothing, migrationNames } from './migrate.js';
export { seed, books as bookSeeds, DEFAULT_COUNTRY_CODE } from './seed/index.js';
export { pingDb } from './health.js';
export { INVOICE_FILE_MAX_BYTES } from './invoice-file.js';
export { AUDIT_EVENT_TYPES, ORDER_EVENT_TYPES, trailColumns, type Actor, type AuditEventType, type OrderEventType } from './event-types.js';
export { addToOutbox, relayOutbox, type OutboxMessage, type PendingOutboxRow } from './outbox.js';
