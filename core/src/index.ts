// The only writer of orders, payment attempts and their events.
export {};
