/**
 * What a start has brought up, to stop in the reverse order. Each part is added the moment it
 * exists (a process spawned, a listener bound), not once it is ready, so a start that fails or is
 * interrupted half-way stops everything it had started, the part it was waiting on included.
 */
export class Teardown {
  #parts: Array<{ what: string; stop: () => Promise<unknown> }> = [];

  add(what: string, stop: () => Promise<unknown>): void {
    this.#parts.push({ what, stop });
  }

  /** Stops every part, newest first, including any added while it runs; a part that fails to stop is reported, not fatal. */
  async run(): Promise<void> {
    for (let part = this.#parts.pop(); part; part = this.#parts.pop()) {
      const { what, stop } = part;
      await stop().catch((err: unknown) => console.error(`stopping ${what} failed: ${err instanceof Error ? err.message : String(err)}`));
    }
  }
}
