// Where a domestic setup takes its EUR→CNY rate: the payments configuration file, read again
// whenever an operator changes it, so a new rate applies to the next attempt without a restart.
import { readFileSync, statSync } from 'node:fs';
import type { ExchangeRate } from '../provider.js';
import { rateProblems } from './convert.js';

export interface RateSource {
  rate(from: string, to: string): ExchangeRate;
}

function pick(rates: ExchangeRate[] | undefined, from: string, to: string): ExchangeRate {
  const found = rates?.find((r) => r.from === from && r.to === to);
  const problems = rateProblems(found, from, to);
  if (problems.length) throw new Error(problems.join('; '));
  return found!;
}

/** Rates fixed at construction (tests, or a configuration without a file). */
export function fixedRates(rates: ExchangeRate[]): RateSource {
  return { rate: (from, to) => pick(rates, from, to) };
}

/**
 * Rates from `exchangeRates` of the JSON file; the file is read again when its modification time
 * changes. A file that became unreadable keeps the last good rates (and says so in the error if
 * there never were any).
 */
export function fileRates(file: string, initial: ExchangeRate[] | undefined): RateSource {
  let mtime = safeMtime(file);
  let rates = initial;
  return {
    rate(from, to) {
      const now = safeMtime(file);
      if (now !== mtime) {
        try {
          const parsed = JSON.parse(readFileSync(file, 'utf8')) as { exchangeRates?: ExchangeRate[] };
          rates = parsed.exchangeRates;
          mtime = now;
        } catch {
          // Half-written file: keep the previous rates until the next successful read.
        }
      }
      return pick(rates, from, to);
    },
  };
}

function safeMtime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}
