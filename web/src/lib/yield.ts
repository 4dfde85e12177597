interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task and continues in a new one, so the browser can paint and handle input in
 * between. Start-up runs in such steps: on a phone (4× slower than a laptop) one task doing all of
 * it blocks the page for most of a second, and Lighthouse counts it as blocking time.
 * `scheduler.yield()` continues ahead of other queued tasks; elsewhere a message through a
 * MessageChannel is the next task at once (no timer clamping like setTimeout's).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
