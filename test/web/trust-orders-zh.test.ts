import { ordersAndContent } from './trust-steps.js';

// Issue 16 in zh: My Orders (1280 px table, phone cards, empty filter), purchase information of an
// order paid online, names, brand, purchase dialog and legal pages, with axe on each screen.
await ordersAndContent('zh');
