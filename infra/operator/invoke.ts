import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';

/** What a synchronous invocation answered: the payload's text, and Lambda's report of an unhandled error. */
export interface Invocation {
  text: string;
  /** `X-Amz-Function-Error` (e.g. `Unhandled`), with the error the payload then holds. */
  failure?: { functionError: string; errorType?: string; errorMessage?: string };
}

/** Invokes a function and waits for it (RequestResponse): the operator commands and the redrive. */
export async function invokeAndWait(
  lambda: Pick<LambdaClient, 'send'>,
  functionName: string,
  payload: unknown,
): Promise<Invocation> {
  const response = await lambda.send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'RequestResponse',
      Payload: new TextEncoder().encode(JSON.stringify(payload)),
    }),
  );
  const text = response.Payload ? new TextDecoder().decode(response.Payload) : '';
  if (!response.FunctionError) return { text };
  const error = parsedJson<{ errorType?: string; errorMessage?: string }>(text);
  return { text, failure: { functionError: response.FunctionError, ...error } };
}

/** The text as JSON, or undefined when it is not JSON. */
export function parsedJson<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
