/**
 * V8's heap bounds for the gateway process, wherever it is launched (`npm start`, the bench, the
 * image's CMD and the compose file carry the same list; test/ops/compose.test.ts checks that).
 *
 * The gateway's live heap after a full collection is about 70 MB (mostly loaded code and its
 * source text), but without a bound V8 sizes the heap for a machine with gigabytes: under load
 * it let the old generation grow to about 300 MB of mostly garbage before collecting it, and the
 * process peaked at 350–400 MB resident. A 256 MB old-generation ceiling also caps V8's growing
 * factor (to 1.3 of the live heap) and the 4 MB semi-spaces (16 MB by default) keep the young
 * generation's pages small; the peak then stays under 200 MB (docs/benchmarks.md). A process
 * whose live heap approached the ceiling would collect more and more often and then stop with an
 * out-of-memory error: raise the ceiling when the live heap grows (see the metrics' heap figures).
 */
export const GATEWAY_NODE_FLAGS: readonly string[] = ['--max-old-space-size=256', '--max-semi-space-size=4'];
