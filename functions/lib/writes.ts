import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  PutCommand,
  type PutCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { ApiErrorCode } from '../../shared/errors/catalogue';
import { dynamo } from './aws';
import { ApiError } from './http';

/**
 * Every write that depends on current state is conditional. When the condition fails, the caller
 * gets an ApiError with the code it names (a clean 409-style conflict), never a 500.
 */
export function isConditionFailure(error: unknown): boolean {
  if (error instanceof ConditionalCheckFailedException) return true;
  if (error instanceof TransactionCanceledException) {
    return (error.CancellationReasons ?? []).some((reason) => reason.Code === 'ConditionalCheckFailed');
  }
  return false;
}

async function conditional<T>(write: () => Promise<T>, conflict: ApiErrorCode): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isConditionFailure(error)) throw new ApiError(conflict);
    throw error;
  }
}

export function transactWrite(input: TransactWriteCommandInput, conflict: ApiErrorCode = 'conflict') {
  return conditional(() => dynamo().send(new TransactWriteCommand(input)), conflict);
}

export function conditionalPut(input: PutCommandInput, conflict: ApiErrorCode = 'conflict') {
  return conditional(() => dynamo().send(new PutCommand(input)), conflict);
}

export function conditionalUpdate(input: UpdateCommandInput, conflict: ApiErrorCode = 'conflict') {
  return conditional(() => dynamo().send(new UpdateCommand(input)), conflict);
}
