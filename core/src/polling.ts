import type { CoreDeps } from './deps.js';

export interface NotePoll {
  intentId: string;
  /** How many times the provider has been asked now. */
  polls: number;
  nextPollAt: Date;
}

/** Records one more look at the provider and when the next is due: one statement, not a state change. */
export async function notePoll(deps: Pick<CoreDeps, 'db'>, input: NotePoll): Promise<void> {
  await deps.db.updateTable('payment_intents').set({ poll_attempts: input.polls, next_poll_at: input.nextPollAt }).where('id', '=', input.intentId).execute();
}
