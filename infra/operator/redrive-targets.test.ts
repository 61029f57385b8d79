import { GetFunctionCommand, InvokeCommand } from '@aws-sdk/client-lambda';
import { describe, expect, it, vi } from 'vitest';
import { streamConsumers } from '../../functions/stream-consumers';
import { localFunctionArn } from '../local/failure-records';
import { RedriveRefused } from './redrive';
import { awsRedriveTargets, localRedriveTargets, queueLocation, stackPrefixOf } from './redrive-targets';

const scope = { stackPrefix: 'VeloProd', account: '123456789012', region: 'eu-west-1' };
const arn = (name: string, where = 'eu-west-1:123456789012') => `arn:aws:lambda:${where}:function:${name}`;
const ledgerArn = arn('VeloProdEvents-RuleHandlersEventsFinanceLedg-AbC');

/** Lambda whose GetFunction answers these tags, and whose Invoke answers `invoked` (recorded). */
function lambdaWith(tags: Record<string, string>, invoked: () => unknown = () => ({})) {
  const send = vi.fn(async (command: unknown) => {
    if (command instanceof GetFunctionCommand) return { Tags: tags };
    if (command instanceof InvokeCommand) return invoked();
    throw new Error('unexpected command');
  });
  return { send };
}

const tags = (stack: string, logicalId: string) => ({
  'aws:cloudformation:stack-name': stack,
  'aws:cloudformation:logical-id': logicalId,
});
const ledgerTags = tags('VeloProdEvents', 'RuleHandlersEventsFinanceLedger832C5EAD');
const invokes = (lambda: { send: ReturnType<typeof vi.fn> }) =>
  lambda.send.mock.calls.filter(([command]) => command instanceof InvokeCommand);

describe('the AWS targets', () => {
  it("invoke a rule handler of the stage and report a function's error with its type and message", async () => {
    const lambda = lambdaWith(ledgerTags, () => ({
      FunctionError: 'Unhandled',
      Payload: new TextEncoder().encode(
        JSON.stringify({ errorType: 'ResourceNotFoundException', errorMessage: 'no table' }),
      ),
    }));
    await expect(awsRedriveTargets(lambda as never, scope).invokeRule(ledgerArn, {})).rejects.toThrow(
      'ResourceNotFoundException: no table',
    );
    expect((invokes(lambda)[0]![0] as InvokeCommand).input).toMatchObject({
      FunctionName: ledgerArn,
      InvocationType: 'RequestResponse',
    });
  });

  it.each([
    ['the Auth stack', 'VeloProdAuth', 'ScheduledHandlersAccountsRemoveUnverified8E65C96C'],
    ['the Workflow stack', 'VeloProdWorkflow', 'ScheduledHandlersWorkflowSweepDue1CA4ACBB'],
    ['the Events stack', 'VeloProdEvents', 'ScheduledHandlersListingsSearchSnapshotWriter85715574'],
  ])('invoke a scheduled function of %s again', async (_where, stack, logicalId) => {
    const lambda = lambdaWith(tags(stack, logicalId), () => ({ Payload: new TextEncoder().encode('null') }));
    await awsRedriveTargets(lambda as never, scope).invokeRule(arn(`${stack}-Fn-1`), {});
    expect(invokes(lambda)).toHaveLength(1);
  });

  it.each([
    ["another stage's stack", tags('VeloStagingEvents', 'RuleHandlersEventsFinanceLedger832C5EAD')],
    [
      'a function of another kind (the operator command)',
      tags('VeloProdWorkflow', 'OperatorHandlersOrdersOperatorCommand1A2B3C4D'),
    ],
    ['a route handler in the Events stack', tags('VeloProdEvents', 'RouteHandlersOrdersTransition1A2B3C4D')],
    [
      'a scheduled function claimed by the wrong stack',
      tags('VeloProdEvents', 'ScheduledHandlersWorkflowSweepDue1CA4ACBB'),
    ],
    [
      'a logical id that only starts like an allowed one',
      tags('VeloProdEvents', 'RuleHandlersEventsFinanceLedgerX832C5EAD'),
    ],
    ['no CloudFormation tags', {}],
  ])('refuse %s, never invoking it', async (_what, functionTags) => {
    const lambda = lambdaWith(functionTags);
    const targets = awsRedriveTargets(lambda as never, scope);
    await expect(targets.checkInvocation(ledgerArn)).rejects.toBeInstanceOf(RedriveRefused);
    await expect(targets.invokeRule(ledgerArn, {})).rejects.toThrow(
      'is none of the rule handlers or scheduled functions of VeloProd',
    );
    expect(invokes(lambda)).toHaveLength(0);
  });

  it.each([
    ['another account', arn('VeloProdEvents-RuleHandlersEventsFinanceLedg-AbC', 'eu-west-1:999999999999')],
    ['another region', arn('VeloProdEvents-RuleHandlersEventsFinanceLedg-AbC', 'us-east-1:123456789012')],
    ['a name that is no ARN', 'VeloProdEvents-RuleHandlersEventsFinanceLedg-AbC'],
  ])('refuse a function of %s without looking it up', async (_what, functionArn) => {
    const lambda = lambdaWith(ledgerTags);
    await expect(
      awsRedriveTargets(lambda as never, scope).invokeRule(functionArn, {}),
    ).rejects.toBeInstanceOf(RedriveRefused);
    expect(lambda.send).not.toHaveBeenCalled();
  });

  it('find a stream consumer by its tags, only in the stage', async () => {
    const dispatcher = tags('VeloProdEvents', 'StreamHandlersStreamsTransactionDispatcher2514F974');
    const targets = awsRedriveTargets(lambdaWith(dispatcher) as never, scope);
    expect(
      (await targets.consumerOf(arn('VeloProdEvents-StreamHandlersStreamsTransactionDispa-y')))?.name,
    ).toBe('transaction-stream');
    // The name says search index; the tags (another stage) decide.
    const other = lambdaWith(tags('VeloDevEvents', 'StreamHandlersStreamsSearchIndexBF20D412'));
    await expect(
      awsRedriveTargets(other as never, scope).consumerOf(
        arn('VeloProdEvents-StreamHandlersStreamsSearchIndex3-x'),
      ),
    ).rejects.toThrow('is none of the stream consumers of VeloProd');
    // A rule handler is no stream consumer.
    await expect(
      awsRedriveTargets(lambdaWith(ledgerTags) as never, scope).consumerOf(ledgerArn),
    ).rejects.toBeInstanceOf(RedriveRefused);
  });

  it("count a consumer's partial-batch response naming records as a failure", async () => {
    const lambda = lambdaWith(tags('VeloProdEvents', 'StreamHandlersStreamsSearchIndexBF20D412'), () => ({
      Payload: new TextEncoder().encode(JSON.stringify({ batchItemFailures: [{ itemIdentifier: '1' }] })),
    }));
    await expect(
      awsRedriveTargets(lambda as never, scope).invokeConsumer(arn('x'), streamConsumers[0], { Records: [] }),
    ).rejects.toThrow('the consumer reported 1 of the records failed');
  });

  it('know the stage prefix and the queue location as the stacks and SQS name them', () => {
    expect(stackPrefixOf('staging')).toBe('VeloStaging');
    expect(queueLocation('https://sqs.eu-west-1.amazonaws.com/123456789012/VeloProdEvents-Failed-1')).toEqual(
      {
        account: '123456789012',
        region: 'eu-west-1',
      },
    );
    expect(queueLocation('https://us-east-1.queue.amazonaws.com/210987654321/q')).toEqual({
      account: '210987654321',
      region: 'us-east-1',
    });
    expect(queueLocation('http://127.0.0.1:4566/000000000000/q')).toBeUndefined();
  });
});

describe('the local targets', () => {
  it('accept the scheduled functions, by their deploy names (tests/integration/redrive.test.ts runs one)', async () => {
    const targets = localRedriveTargets();
    await expect(
      targets.checkInvocation(localFunctionArn('orders/workflow/sweep-due')),
    ).resolves.toBeUndefined();
    await expect(
      targets.checkInvocation(localFunctionArn('accounts/scheduled/remove-unverified')),
    ).resolves.toBeUndefined();
    await expect(
      targets.checkInvocation(localFunctionArn('listings/search/snapshot-writer')),
    ).resolves.toBeUndefined();
  });

  it('refuse any other function', async () => {
    const targets = localRedriveTargets();
    await expect(
      targets.invokeRule(localFunctionArn('orders/operator/run-command'), {}),
    ).rejects.toBeInstanceOf(RedriveRefused);
    await expect(targets.checkInvocation(localFunctionArn('listings/search/index-stream'))).rejects.toThrow(
      'is none of the rule handlers',
    );
  });
});

describe('a function without tags', () => {
  it('is refused with the hint that GetFunction returns tags only with lambda:ListTags', async () => {
    const lambda = lambdaWith({});
    await expect(awsRedriveTargets(lambda as never, scope).checkInvocation(ledgerArn)).rejects.toThrow(
      'no tags: do your credentials allow lambda:ListTags?',
    );
  });
});
