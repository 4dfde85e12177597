import { settings, type Process, type Setting } from './settings.js';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export type RawConfig = Record<string, string | number | boolean | undefined>;

function parseOne(s: Setting, raw: string): { value?: unknown; problem?: string } {
  switch (s.kind) {
    case 'int': {
      if (!/^-?\d+$/.test(raw)) return { problem: `${s.name} must be a whole number, got "${raw}"` };
      const n = Number(raw);
      if (s.min !== undefined && n < s.min) return { problem: `${s.name} must be at least ${s.min}, got ${n}` };
      if (s.max !== undefined && n > s.max) return { problem: `${s.name} must be at most ${s.max}, got ${n}` };
      return { value: n };
    }
    case 'number': {
      const n = Number(raw);
      if (!raw.trim() || !Number.isFinite(n)) return { problem: `${s.name} must be a number, got "${raw}"` };
      if (s.min !== undefined && n < s.min) return { problem: `${s.name} must be at least ${s.min}, got ${n}` };
      if (s.max !== undefined && n > s.max) return { problem: `${s.name} must be at most ${s.max}, got ${n}` };
      return { value: n };
    }
    case 'bool':
      if (['true', '1', 'yes'].includes(raw.toLowerCase())) return { value: true };
      if (['false', '0', 'no'].includes(raw.toLowerCase())) return { value: false };
      return { problem: `${s.name} must be true or false, got "${raw}"` };
    case 'url':
      try {
        new URL(raw);
        return { value: raw };
      } catch {
        return { problem: `${s.name} must be a URL, got ${s.secret ? 'an unparsable value' : `"${raw}"`}` };
      }
    case 'enum':
      if (!s.values?.includes(raw)) return { problem: `${s.name} must be one of ${s.values?.join(', ')}, got "${raw}"` };
      return { value: raw };
    default:
      return { value: raw };
  }
}

/** Reads and validates the settings one process uses; all problems are reported at once. */
export function loadSettings(process: Process, env: RawConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const s of settings as readonly Setting[]) {
    if (!s.usedBy.includes(process)) continue;
    const given = env[s.name];
    const raw = given === undefined || given === '' ? s.default : String(given);
    if (raw === undefined) {
      if (s.required) problems.push(`${s.name} is required (${s.description})`);
      continue;
    }
    const { value, problem } = parseOne(s, raw);
    if (problem) problems.push(problem);
    else out[s.name] = value;
  }
  if (problems.length) throw new ConfigError(problems);
  return out;
}
