import path from 'node:path';
import { ArnFormat, CfnOutput, Duration, RemovalPolicy, type StackProps, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import {
  operatorTasks,
  type ScheduledTaskName,
  scheduledTasks,
  stateMachines,
  type WorkflowTaskName,
  workflowTasks,
} from '../../functions/orders/workflow/tasks';
import { handlerId } from '../../functions/routes';
import type { DeployConfig } from '../config/deploy-config';
import {
  type BundlingMode,
  HandlerFunctions,
  type HandlerOverrides,
  handlerRole,
  repoRoot,
} from '../lambda-bundling';
import { scheduleFunction } from './async-invocations';
import { emailEnvironment, grantSendEmail } from './email';
import { grantTableReadWrite } from './grants';
import { nagReasons } from './nag-reasons';
import { paypalEnvironment, stripeEnvironment, withPaymentSdks } from './payment-providers';
import { grantSecrets, secretsOf, stageSecrets } from './runtime-secrets';
import { VeloStack } from './velo-stack';

export interface WorkflowStackProps extends StackProps {
  /** The stage's configuration (infra/config/). */
  config: DeployConfig;
  bundling: BundlingMode;
  table: dynamodb.ITable;
  bus: events.IEventBus;
  /** Where the deadline sweeper's failed runs are kept (Events stack). */
  failedInvocations: sqs.IQueue;
  /** Signs the simulated providers' webhooks (Data stack), when the stage simulates one. */
  simulatedSigningSecret?: secretsmanager.ISecret;
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

/** How often AWS runs the deadline sweeper: a backstop for lost executions and tokens (§3). */
export const sweepSchedule = 'rate(5 minutes)';

/** The Step Functions actions of functions that run the transition engine: answering task tokens. */
export const taskResponseActions = ['states:SendTaskSuccess', 'states:SendTaskFailure'] as const;

/**
 * Workflow: the Standard state machines (one execution per order holds its timers). Each machine is
 * its ASL file under statemachines/, the same file the local runner executes; CDK only fills the
 * `${<Task>FunctionArn}` substitutions with the task Lambdas (functions/orders/workflow/tasks.ts).
 *
 * The task functions run the transition engine, which answers the order's task token after a write
 * (states:SendTaskSuccess/SendTaskFailure) when ORDER_STATE_MACHINE_ARN is set. The machine names its
 * task functions, so they cannot name the machine by reference (a cycle): each machine gets a fixed
 * name, `<stack name>-<machine>`, and its ARN is built from that. The deadline sweeper
 * (scheduledTasks.SweepDue) runs every 5 minutes on EventBridge Scheduler with the same engine, and
 * may also restart an order's execution (states:StartExecution).
 */
export class WorkflowStack extends VeloStack {
  readonly taskFunctions: HandlerFunctions;
  /** The scheduled handlers (the deadline sweeper). */
  readonly scheduledFunctions: HandlerFunctions;
  /** The operator's order commands in AWS (invoked by hand). */
  readonly operatorFunctions: HandlerFunctions;
  readonly stateMachines = {} as Record<StateMachineName, sfn.StateMachine>;

  constructor(scope: Construct, id: string, props: WorkflowStackProps) {
    super(scope, id, props);

    const names = Object.keys(stateMachines) as StateMachineName[];
    const machineName = (name: StateMachineName) => `${this.stackName}-${name}`;
    const machineArn = (name: StateMachineName) =>
      this.formatArn({
        service: 'states',
        resource: 'stateMachine',
        resourceName: machineName(name),
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      });
    const environment = {
      TABLE_NAME: props.table.tableName,
      EVENT_BUS_NAME: props.bus.eventBusName,
      ...Object.fromEntries(names.map((name) => [stateMachineArnVariable(name), machineArn(name)])),
    };
    // Timers refund and pay out (functions/orders/money/): those tasks talk to Stripe and PayPal,
    // with their public settings and, by grant to their own role, their secrets (runtime-secrets.ts).
    const secrets = stageSecrets(this, props.config, props.simulatedSigningSecret);
    const providerEnvironment = { ...stripeEnvironment(props.config), ...paypalEnvironment(props.config) };
    /** A money function's overrides: its SDKs and, when it calls a provider, `role` reads its secrets. */
    const moneyOverrides = (handler: string, role: () => iam.Role): HandlerOverrides => {
      const grants = secretsOf(handler, secrets);
      if (!grants.length) return withPaymentSdks(handler);
      const reader = role();
      const secretEnvironment = { ...providerEnvironment, ...grantSecrets(grants, reader) };
      return withPaymentSdks(handler, { role: reader, readsSecrets: true, environment: secretEnvironment });
    };

    const taskRole = (roleId: string, description: string) => {
      const role = handlerRole(this, roleId, description);
      grantTableReadWrite(props.table, role);
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: [...taskResponseActions], resources: names.map(machineArn) }),
      );
      return role;
    };
    this.taskFunctions = new HandlerFunctions(this, 'TaskHandlers', {
      bundling: props.bundling,
      role: taskRole('TaskHandlerRole', 'Velo workflow task handlers'),
      environment,
      timeout: Duration.seconds(30),
    });
    let moneyTaskRole: iam.Role | undefined;
    const taskFunction = (task: WorkflowTaskName): lambda.IFunction =>
      this.taskFunctions.get(
        workflowTasks[task],
        moneyOverrides(workflowTasks[task], () => {
          moneyTaskRole ??= taskRole('MoneyTaskHandlerRole', 'Velo workflow tasks that refund and pay out');
          return moneyTaskRole;
        }),
      );

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
        stateMachineName: machineName(name),
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

    // The deadline sweeper: fires due timers and retries unfinished money operations (§3).
    const sweeperRole = handlerRole(
      this,
      'ScheduledHandlerRole',
      'Velo scheduled handlers (deadline sweeper)',
    );
    grantTableReadWrite(props.table, sweeperRole);
    for (const name of names) {
      this.stateMachines[name].grantStartExecution(sweeperRole);
      sweeperRole.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: [...taskResponseActions],
          resources: [this.stateMachines[name].stateMachineArn],
        }),
      );
    }
    // The sweeper sends the reminder e-mails and the message digests through SES.
    const mailEnvironment = emailEnvironment(props.config);
    grantSendEmail(this, sweeperRole, mailEnvironment.EMAIL_FROM!);
    this.scheduledFunctions = new HandlerFunctions(this, 'ScheduledHandlers', {
      bundling: props.bundling,
      role: sweeperRole,
      environment: { ...environment, ...mailEnvironment },
      timeout: Duration.minutes(2),
    });
    // The sweeper is its role's only function: that role reads the secrets it refunds and pays out with.
    const sweep = this.scheduledFunctions.get(
      scheduledTasks.SweepDue satisfies string,
      moneyOverrides(scheduledTasks.SweepDue, () => sweeperRole),
    );
    // A missed run is not retried: the next one comes 5 minutes later and sweeps the same items.
    scheduleFunction(this, sweep, {
      scheduleId: `${handlerId('SweepDue' satisfies ScheduledTaskName)}Schedule`,
      roleId: 'SweepDueSchedulerRole',
      what: 'the deadline sweeper',
      handler: scheduledTasks.SweepDue,
      expression: sweepSchedule,
      failures: props.failedInvocations,
    });

    // The operator's order commands (`npm run operator -- cancel-order <txId> --aws`): they refund
    // and pay out, so they run here with the stage's provider secrets, never on a laptop. Nothing
    // invokes the function but an operator's credentials (lambda:InvokeFunction).
    const operatorRole = taskRole('OperatorHandlerRole', 'Velo operator order commands (invoked by hand)');
    for (const name of names) this.stateMachines[name].grantStartExecution(operatorRole);
    this.operatorFunctions = new HandlerFunctions(this, 'OperatorHandlers', {
      bundling: props.bundling,
      role: operatorRole,
      environment,
      timeout: Duration.seconds(60),
    });
    const operatorCommand = this.operatorFunctions.get(
      operatorTasks.OrderCommand,
      moneyOverrides(operatorTasks.OrderCommand, () => operatorRole),
    );
    new CfnOutput(this, 'OperatorFunctionName', {
      value: operatorCommand.functionName,
      description: 'npm run operator -- <order command> <txId> --aws --operator-function <this>',
    });
  }
}
