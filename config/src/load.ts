import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value';
import { settingSchemas, settings, type Process, type Setting, type SettingName } from './settings.js';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export type RawConfig = Record<string, string | number | boolean | undefined>;

type Schemas = typeof settingSchemas;

/**
 * The settings a process read, typed from the schema. A setting the process does not use, or an
 * optional one without a default, is absent; every other one is present after loading.
 */
export type ProcessSettings = { [K in SettingName]?: Static<Schemas[K]> };

function schemaFor(process: Process): TObject {
  const props: Record<string, TSchema> = {};
  for (const s of settings) {
    if (!s.usedBy.includes(process)) continue;
    const schema = settingSchemas[s.name];
    props[s.name] = s.required ? schema : Type.Optional(schema);
  }
  return Type.Object(props);
}

const schemas = { gateway: schemaFor('gateway'), workers: schemaFor('workers') };

/** One line per problem, in the wording operators read in the log; secrets are never echoed. */
function describe(e: ValueError, s: Setting, raw: unknown): string {
  const got = s.secret ? 'an unparsable value' : `"${String(raw)}"`;
  switch (e.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return `${s.name} is required (${s.description})`;
    case ValueErrorType.Number:
    case ValueErrorType.NumberMultipleOf:
      return s.kind === 'int' ? `${s.name} must be a whole number, got ${got}` : `${s.name} must be a number, got ${got}`;
    case ValueErrorType.NumberMinimum:
      return `${s.name} must be at least ${s.min}, got ${s.secret ? 'a smaller value' : String(e.value)}`;
    case ValueErrorType.NumberMaximum:
      return `${s.name} must be at most ${s.max}, got ${s.secret ? 'a larger value' : String(e.value)}`;
    case ValueErrorType.Boolean:
      return `${s.name} must be true or false, got ${got}`;
    case ValueErrorType.Union:
      return `${s.name} must be one of ${s.values?.join(', ')}, got ${got}`;
    case ValueErrorType.StringFormat:
      return `${s.name} must be a URL, got ${got}`;
    default:
      return `${s.name}: ${e.message}`;
  }
}

const byName = new Map(settings.map((s) => [s.name as string, s]));

/**
 * Reads and validates the settings one process uses against the schema: defaults filled in, text
 * converted to numbers and booleans, every problem reported at once. An empty variable counts as
 * unset, as in a compose file's `VAR=`.
 */
export function loadSettings(process: Process, env: RawConfig): ProcessSettings {
  const schema = schemas[process];
  const given: Record<string, string> = {};
  for (const name of Object.keys(schema.properties)) {
    const v = env[name];
    if (v !== undefined && v !== '') given[name] = String(v);
  }
  const value = Value.Convert(schema, Value.Default(schema, { ...given }));
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const e of Value.Errors(schema, value)) {
    const name = e.path.replace(/^\//, '').split('/')[0]!;
    const s = byName.get(name);
    if (!s || seen.has(name)) continue;
    seen.add(name);
    problems.push(describe(e, s, given[name] ?? s.default));
  }
  if (problems.length) throw new ConfigError(problems);
  return value as ProcessSettings;
}
