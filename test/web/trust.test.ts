import { ordersAndContent, resultWithoutSession, startTrust } from './trust-steps.js';

// In en and zh, two screen groups per language on one stack, with axe on each screen:
// My Orders (1280 px table, phone cards, empty filter), purchase information of an order paid
// online, names, brand, purchase dialog and legal pages; and a payment result page opened without
// a session, which asks for the login and then shows the paid order (number, book, amount,
// download), and the book page after the purchase.
await startTrust();
for (const lang of ['en', 'zh'] as const) {
  ordersAndContent(lang);
  resultWithoutSession(lang);
}
