import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Logger } from '@aws-lambda-powertools/logger';
import { loggerPackage } from './powertools';

/**
 * The one logger of the handlers: Powertools for AWS Lambda's Logger, one JSON line per entry in
 * Lambda (CloudWatch), indented JSON with `POWERTOOLS_DEV=true` (the local cloud sets it), level from
 * `POWERTOOLS_LOG_LEVEL` (default INFO). Every line of an invocation carries its keys: `requestId`
 * (API Gateway's request id for HTTP, the error body's `id`; else the Lambda request id), `userId`
 * once the signed-in caller is known, `transactionId` where an order is at hand.
 *
 * The keys live in an AsyncLocalStorage, one store per invocation, and are added to each line when
 * it is written. Not the Logger's own appendKeys: those are shared by every invocation of the
 * process, and the local gateway runs many requests at once in one process.
 */
export interface LogKeys {
  requestId: string;
  userId?: string;
  transactionId?: string;
}

type Fields = Record<string, unknown>;

/** The part of the Lambda context the logger reads. */
export type LambdaIds = { awsRequestId?: string };

const invocations = new AsyncLocalStorage<LogKeys>();

let logger: Logger | undefined;

// Made on first use: the local cloud puts POWERTOOLS_DEV in the environment after modules are loaded.
function powertools(): Logger {
  logger ??= new (loggerPackage().Logger)({ serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'velo' });
  return logger;
}

/** Runs one invocation with its own keys; lines written outside any invocation have none. */
export function withLogContext<T>(keys: LogKeys, fn: () => T): T {
  return invocations.run(definedKeys(keys), fn);
}

/** Runs part of an invocation (one stream record, one due item) with extra keys; the rest keeps its own. */
export function withLogKeys<T>(keys: Partial<LogKeys>, fn: () => T): T {
  const current = invocations.getStore();
  return invocations.run(definedKeys({ requestId: randomUUID(), ...current, ...keys } as LogKeys), fn);
}

/** Adds keys to the rest of the current invocation (the user once the guard knows them). */
export function appendLogKeys(keys: Partial<Omit<LogKeys, 'requestId'>>): void {
  const current = invocations.getStore();
  if (current) Object.assign(current, definedKeys(keys));
}

/** The current invocation's keys (a copy), if any. */
export function logKeys(): LogKeys | undefined {
  const current = invocations.getStore();
  return current && { ...current };
}

/** The id an invocation logs with: API Gateway's request id (the error body's `id`), else Lambda's. */
export function requestIdOf(
  event: { requestContext?: { requestId?: string } } | undefined,
  context: { awsRequestId?: string } | undefined,
): string {
  return event?.requestContext?.requestId || context?.awsRequestId || randomUUID();
}

function definedKeys<T extends object>(keys: T): T {
  return Object.fromEntries(Object.entries(keys).filter(([, value]) => value !== undefined)) as T;
}

function write(level: 'debug' | 'info' | 'warn' | 'error', message: string, fields: Fields): void {
  // Context keys first: a line's own fields are more specific.
  powertools()[level](message, { ...invocations.getStore(), ...fields });
}

/** Errors may go in `fields` as they are (`{ error }`): the Logger writes name, message and stack. */
export const log = {
  debug: (message: string, fields: Fields = {}) => write('debug', message, fields),
  info: (message: string, fields: Fields = {}) => write('info', message, fields),
  warn: (message: string, fields: Fields = {}) => write('warn', message, fields),
  error: (message: string, fields: Fields = {}) => write('error', message, fields),
};
