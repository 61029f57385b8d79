/**
 * A tiny schema language for event payloads: each field spec checks a value at runtime and carries
 * its TypeScript type, so one definition gives both the type and the validator. No dependencies.
 */
import { isUuid } from '../ids';

export interface Spec<T> {
  readonly kind: string;
  readonly optional: boolean;
  /** Appends error messages for `value` at `path` to `errors`. */
  check(value: unknown, path: string, errors: string[]): void;
  /** Phantom: the TypeScript type described. */
  readonly _type?: T;
}

export type Infer<S> = S extends Spec<infer T> ? T : never;

type Shape = Record<string, Spec<unknown>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K]['optional'] extends true ? K : never }[keyof S];
type RequiredKeys<S extends Shape> = Exclude<keyof S, OptionalKeys<S>>;
export type InferShape<S extends Shape> = { [K in RequiredKeys<S>]: Infer<S[K]> } & {
  [K in OptionalKeys<S>]?: Infer<S[K]>;
};

function spec<T>(
  kind: string,
  check: (value: unknown, path: string, errors: string[]) => void,
): Spec<T> & {
  optional: false;
} {
  return { kind, optional: false, check };
}

const ISO_TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
const CURRENCY_RE = /^[A-Z]{3}$/;

export function isIsoTimestamp(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_TIMESTAMP_RE.test(value) || Number.isNaN(Date.parse(value)))
    return false;
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const s = {
  string(options: { minLength?: number; maxLength?: number } = {}) {
    return spec<string>('string', (value, path, errors) => {
      if (typeof value !== 'string') return void errors.push(`${path} must be a string`);
      if (options.minLength !== undefined && value.length < options.minLength) {
        errors.push(`${path} must have at least ${options.minLength} characters`);
      }
      if (options.maxLength !== undefined && value.length > options.maxLength) {
        errors.push(`${path} must have at most ${options.maxLength} characters`);
      }
    });
  },
  /** A non-empty identifier. */
  id() {
    return spec<string>('id', (value, path, errors) => {
      if (typeof value !== 'string' || value.trim() === '') errors.push(`${path} must be a non-empty id`);
    });
  },
  uuid() {
    return spec<string>('uuid', (value, path, errors) => {
      if (!isUuid(value)) errors.push(`${path} must be a UUID`);
    });
  },
  /** An ISO 8601 timestamp with a time zone (e.g. `2026-01-31T12:00:00.000Z`). */
  timestamp() {
    return spec<string>('timestamp', (value, path, errors) => {
      if (!isIsoTimestamp(value)) errors.push(`${path} must be an ISO 8601 timestamp`);
    });
  },
  integer(options: { min?: number; max?: number } = {}) {
    return spec<number>('integer', (value, path, errors) => {
      if (!Number.isSafeInteger(value)) return void errors.push(`${path} must be an integer`);
      const n = value as number;
      if (options.min !== undefined && n < options.min)
        errors.push(`${path} must be at least ${options.min}`);
      if (options.max !== undefined && n > options.max) errors.push(`${path} must be at most ${options.max}`);
    });
  },
  /** A finite number (e.g. a percentage with decimals). */
  number(options: { min?: number; max?: number } = {}) {
    return spec<number>('number', (value, path, errors) => {
      if (typeof value !== 'number' || !Number.isFinite(value))
        return void errors.push(`${path} must be a number`);
      if (options.min !== undefined && value < options.min)
        errors.push(`${path} must be at least ${options.min}`);
      if (options.max !== undefined && value > options.max)
        errors.push(`${path} must be at most ${options.max}`);
    });
  },
  boolean() {
    return spec<boolean>('boolean', (value, path, errors) => {
      if (typeof value !== 'boolean') errors.push(`${path} must be a boolean`);
    });
  },
  literal<const V extends string>(expected: V) {
    return spec<V>('literal', (value, path, errors) => {
      if (value !== expected) errors.push(`${path} must be ${JSON.stringify(expected)}`);
    });
  },
  enum<const V extends string>(values: readonly V[]) {
    return spec<V>('enum', (value, path, errors) => {
      if (typeof value !== 'string' || !values.includes(value as V)) {
        errors.push(`${path} must be one of ${values.join(', ')}`);
      }
    });
  },
  /** Money: integer minor units and an ISO 4217 currency; `sign` restricts the amount. */
  money(options: { sign?: 'any' | 'nonNegative' | 'positive' | 'nonPositive' } = {}) {
    return spec<{ amount: number; currency: string }>('money', (value, path, errors) => {
      if (typeof value !== 'object' || value === null) return void errors.push(`${path} must be money`);
      const { amount, currency } = value as Record<string, unknown>;
      if (!Number.isSafeInteger(amount)) errors.push(`${path}.amount must be an integer of minor units`);
      if (typeof currency !== 'string' || !CURRENCY_RE.test(currency)) {
        errors.push(`${path}.currency must be an ISO 4217 code`);
      }
      if (!Number.isSafeInteger(amount)) return;
      const n = amount as number;
      const sign = options.sign ?? 'any';
      if (sign === 'nonNegative' && n < 0) errors.push(`${path}.amount must not be negative`);
      if (sign === 'positive' && n <= 0) errors.push(`${path}.amount must be positive`);
      if (sign === 'nonPositive' && n > 0) errors.push(`${path}.amount must not be positive`);
    });
  },
  array<T>(item: Spec<T>, options: { minLength?: number } = {}) {
    return spec<T[]>('array', (value, path, errors) => {
      if (!Array.isArray(value)) return void errors.push(`${path} must be an array`);
      if (options.minLength !== undefined && value.length < options.minLength) {
        errors.push(`${path} must have at least ${options.minLength} items`);
      }
      value.forEach((v, i) => {
        item.check(v, `${path}[${i}]`, errors);
      });
    });
  },
  object<S extends Shape>(shape: S) {
    return spec<InferShape<S>>('object', (value, path, errors) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return void errors.push(`${path} must be an object`);
      }
      const record = value as Record<string, unknown>;
      for (const [key, fieldSpec] of Object.entries(shape)) {
        const fieldValue = record[key];
        if (fieldValue === undefined) {
          if (!fieldSpec.optional) errors.push(`${path}.${key} is required`);
          continue;
        }
        fieldSpec.check(fieldValue, `${path}.${key}`, errors);
      }
      for (const key of Object.keys(record)) {
        if (!Object.hasOwn(shape, key)) errors.push(`${path}.${key} is not allowed`);
      }
    });
  },
  optional<T>(inner: Spec<T>): Spec<T> & { optional: true } {
    return { kind: inner.kind, optional: true, check: (v, p, e) => inner.check(v, p, e) };
  },
};

/** Checks a value against a spec; returns the error messages (empty when valid). */
export function checkSpec(value: unknown, valueSpec: Spec<unknown>, path = 'value'): string[] {
  const errors: string[] = [];
  valueSpec.check(value, path, errors);
  return errors;
}
