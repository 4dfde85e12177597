import { resultWithoutSession } from './trust-steps.js';

// Issue 16 in en: a payment result page opened without a session asks for the login, then shows
// the paid order (number, book, amount, download) and the book page after the purchase; axe on each.
await resultWithoutSession('en');
