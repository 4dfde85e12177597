import { refundWalk } from './refund-steps.js';

// The overseas merchant setups in 'en', each purchase then refunded (refund-steps.ts, refundWalk):
// one file per setup and language, so the four walks run side by side.
await refundWalk('overseas', 'en');
