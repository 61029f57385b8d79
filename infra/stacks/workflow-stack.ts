import path from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { handlerId } from '../../functions/routes';
import { stateMachines, type WorkflowTaskName, workflowTasks } from '../../functions/workflow/tasks';
import { type BundlingMode, HandlerFunctions, handlerRole, repoRoot } from '../lambda-bundling';
import { grantTableReadWrite } from './grants';
import { nagReasons } from './nag-reasons';

export interface WorkflowStackProps extends StackProps {
  bundling: BundlingMode;
  table: dynamodb.ITable;
  bus: events.IEventBus;
}

export type StateMachineName = keyof typeof stateMachines;

/** The environment variable that carries a state machine's ARN, e.g. order -> ORDER_STATE_MACHINE_ARN. */
export function stateMachineArnVariable(name: string): string {
  return `${name.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}_STATE_MACHINE_ARN`;
}

/** The ASL substitution a task's function ARN fills, e.g. SaveTaskToken -> SaveTaskTokenFunctionArn. */
export function taskArnSubstitution(task: WorkflowTaskName): string {
  return `${task}FunctionArn`;
}

/**
 * Workflow: the Standard state machines (one execution per order holds its timers). Each machine is
 * its ASL file under statemachines/, the same file the local runner executes; CDK only fills the
 * `${<Task>FunctionArn}` substitutions with the task Lambdas (functions/workflow/tasks.ts).
 */
export class WorkflowStack extends Stack {
  readonly taskFunctions: HandlerFunctions;
  readonly stateMachines = {} as Record<StateMachineName, sfn.StateMachine>;

  constructor(scope: Construct, id: string, props: WorkflowStackProps) {
    super(scope, id, props);

    const role = handlerRole(this, 'TaskHandlerRole', 'Velo workflow task handlers');
    grantTableReadWrite(props.table, role);
    props.bus.grantPutEventsTo(role);
    this.taskFunctions = new HandlerFunctions(this, 'TaskHandlers', {
      bundling: props.bundling,
      role,
      environment: { TABLE_NAME: props.table.tableName, EVENT_BUS_NAME: props.bus.eventBusName },
      timeout: Duration.seconds(30),
    });
    const taskFunction = (task: WorkflowTaskName): lambda.IFunction =>
      this.taskFunctions.get(workflowTasks[task]);

    for (const [name, machine] of Object.entries(stateMachines) as [
      StateMachineName,
      (typeof stateMachines)[StateMachineName],
    ][]) {
      const id = handlerId(name);
      const logGroup = new logs.LogGroup(this, `${id}StateMachineLogs`, {
        retention: logs.RetentionDays.THREE_MONTHS,
        removalPolicy: RemovalPolicy.DESTROY,
      });
      const stateMachine = new sfn.StateMachine(this, `${id}StateMachine`, {
        stateMachineType: sfn.StateMachineType.STANDARD,
        definitionBody: sfn.DefinitionBody.fromFile(path.join(repoRoot, machine.file)),
        definitionSubstitutions: Object.fromEntries(
          machine.tasks.map((task) => [taskArnSubstitution(task), taskFunction(task).functionArn]),
        ),
        logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: true },
        tracingEnabled: true,
      });
      // The ASL calls the unqualified function ARNs, so exactly those (grantInvoke would add `:*`).
      stateMachine.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['lambda:InvokeFunction'],
          resources: machine.tasks.map((task) => taskFunction(task).functionArn),
        }),
      );
      Validations.of(stateMachine.role).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: nagReasons.stateMachineLogsAndXray,
      });
      this.stateMachines[name] = stateMachine;
      new CfnOutput(this, `${id}StateMachineArn`, { value: stateMachine.stateMachineArn });
    }
  }
}
