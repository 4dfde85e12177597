import { domesticRefundWalks } from './refund-steps.js';

// The domestic merchant setups in en and zh, each purchase then refunded (refund-steps.ts).
await domesticRefundWalks();
