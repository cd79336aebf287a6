import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Settings every service reads; a service extends them with its own. */
export const BaseConfig = {
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
  }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  HOST: Type.String({ default: '127.0.0.1', minLength: 1 }),
};

export const PortSetting = (defaultPort: number) =>
  Type.Integer({ minimum: 0, maximum: 65535, default: defaultPort });
export const UrlSetting = (defaultUrl: string, protocols: string[]) =>
  Type.String({ default: defaultUrl, pattern: `^(${protocols.join('|')})://`, minLength: 8 });

/**
 * Reads configuration from the environment, applying defaults and types.
 * Every missing or malformed variable is named in one ConfigError, so start-up stops with a message
 * that says exactly what to fix.
 */
export function loadConfig<P extends TProperties>(
  properties: P,
  env: Record<string, string | undefined> = process.env,
): Static<TObject<P>> {
  const schema = Type.Object(properties);
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const withDefaults = Value.Default(schema, raw);
  const converted = Value.Convert(schema, withDefaults);
  const problems: string[] = [];
  for (const error of Value.Errors(schema, converted)) {
    const name = error.path.replace(/^\//, '');
    const given = env[name];
    problems.push(
      given === undefined || given === ''
        ? `${name} is required`
        : `${name} is malformed (${error.message.toLowerCase()}): got ${JSON.stringify(redact(name, given))}`,
    );
  }
  if (problems.length > 0) throw new ConfigError([...new Set(problems)]);
  return converted as Static<TObject<P>>;
}

function redact(name: string, value: string): string {
  return /PASSWORD|SECRET|KEY|TOKEN/i.test(name) ? '<redacted>' : value;
}
