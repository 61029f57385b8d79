import type { Architecture, FunctionSettings } from './model';

/**
 * What one deployment is made of, read from the synthesized CloudFormation templates (./synth.ts
 * synthesizes the prod stage with bundling none, as tests/infra do), so the cost follows the code:
 * each handler's memory and architecture, the alarms and what each one reads, dashboards, web ACLs
 * and their rules, secrets, KMS keys, schedules, log groups, the table's backups. Pure: templates in,
 * facts out (./deployment.test.ts feeds it small templates).
 */

type Resource = { Type: string; Properties?: Record<string, unknown> };
export type TemplateJson = { Resources?: Record<string, Resource> };

export interface AlarmFacts {
  id: string;
  /** Metrics the alarm is billed for: 1 for a plain alarm, each metric of a math expression, each metric a Metrics Insights query reads. */
  metrics: number;
  /** How the metrics were counted, when estimated. */
  estimated?: string;
}

export interface ScheduleFacts {
  id: string;
  expression: string;
  /** The handler module of the function it invokes, when it is one of ours. */
  handler?: string;
  runsPerMonth: number;
}

export interface DeploymentFacts {
  functions: Record<string, FunctionSettings>;
  alarms: AlarmFacts[];
  dashboards: number;
  webAcls: { id: string; scope: string; rules: number }[];
  /** Secrets the stacks create. */
  secretsCreated: number;
  kmsKeys: number;
  schedules: ScheduleFacts[];
  logGroups: number;
  pointInTimeRecovery: boolean;
  userPools: number;
}

const handlerDescription = /^Velo Exchange handler functions\/(.+)\.ts$/;
/** Operations a Metrics Insights query over the table's `Operation` dimension reads (those the code calls). */
export const tableOperationsRead = 10;
const hoursPerMonth = 730;

/** `rate(5 minutes)`, `rate(1 day)`: runs per month (730 hours); a cron expression is not counted (0). */
export function runsPerMonth(expression: string): number {
  const match = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(expression.trim());
  if (!match) return 0;
  const every = Number(match[1]);
  const hours = match[2]!.startsWith('minute')
    ? every / 60
    : match[2]!.startsWith('hour')
      ? every
      : every * 24;
  return hoursPerMonth / hours;
}

function functionsOf(resources: [string, Resource][], deployNames: Readonly<Record<string, string>>) {
  const byLogicalId = new Map<string, string>();
  const settings: Record<string, FunctionSettings> = {};
  for (const [id, resource] of resources) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const handler = handlerDescription.exec(String(resource.Properties?.Description ?? ''))?.[1];
    if (!handler) continue;
    const architectures = (resource.Properties?.Architectures as string[] | undefined) ?? ['x86_64'];
    settings[handler] = {
      deployName: deployNames[handler] ?? handler,
      memoryMb: Number(resource.Properties?.MemorySize ?? 128),
      architecture: (architectures[0] === 'arm64' ? 'arm64' : 'x86_64') satisfies Architecture,
    };
    byLogicalId.set(id, handler);
  }
  return { settings, byLogicalId };
}

/** The Lambda functions carrying each value of a tag (the Metrics Insights alarms select by tag). */
function functionsByTag(resources: [string, Resource][], tagKey: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [, resource] of resources) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const tags = (resource.Properties?.Tags as { Key: string; Value: string }[] | undefined) ?? [];
    const value = tags.find((tag) => tag.Key === tagKey)?.Value;
    if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

function alarmOf(id: string, resource: Resource, tagged: Map<string, number>): AlarmFacts {
  const properties = resource.Properties ?? {};
  if (properties.MetricName) return { id, metrics: 1 };
  const metrics = (properties.Metrics as Record<string, unknown>[] | undefined) ?? [];
  const stats = metrics.filter((metric) => metric.MetricStat).length;
  const queries = metrics
    .map((metric) => metric.Expression)
    .filter(
      (expression): expression is string => typeof expression === 'string' && /^SELECT /i.test(expression),
    );
  if (queries.length === 0) return { id, metrics: Math.max(1, stats) };
  let read = stats;
  const notes: string[] = [];
  for (const query of queries) {
    const tag = /WHERE tag\.\w+ = '([^']+)'/.exec(query)?.[1];
    if (tag !== undefined) {
      read += tagged.get(tag) ?? 0;
      notes.push('one metric per function of its group');
    } else {
      read += tableOperationsRead;
      notes.push(`${tableOperationsRead} table operations`);
    }
  }
  return { id, metrics: Math.max(1, read), estimated: [...new Set(notes)].join(', ') };
}

export function deploymentFacts(
  templates: readonly TemplateJson[],
  deployNames: Readonly<Record<string, string>>,
  alarmGroupTag: string,
): DeploymentFacts {
  const resources = templates.flatMap((template) => Object.entries(template.Resources ?? {}));
  const { settings, byLogicalId } = functionsOf(resources, deployNames);
  const tagged = functionsByTag(resources, alarmGroupTag);
  const ofType = (type: string) => resources.filter(([, resource]) => resource.Type === type);
  const schedules = ofType('AWS::Scheduler::Schedule').map(([id, resource]) => {
    const expression = String(resource.Properties?.ScheduleExpression ?? '');
    const target = JSON.stringify((resource.Properties?.Target as { Arn?: unknown } | undefined)?.Arn ?? '');
    const logicalId = /"Fn::GetAtt":\["([^"]+)"/.exec(target)?.[1];
    const handler = logicalId ? byLogicalId.get(logicalId) : undefined;
    return { id, expression, ...(handler ? { handler } : {}), runsPerMonth: runsPerMonth(expression) };
  });
  return {
    functions: settings,
    alarms: ofType('AWS::CloudWatch::Alarm').map(([id, resource]) => alarmOf(id, resource, tagged)),
    dashboards: ofType('AWS::CloudWatch::Dashboard').length,
    webAcls: ofType('AWS::WAFv2::WebACL').map(([id, resource]) => ({
      id,
      scope: String(resource.Properties?.Scope ?? ''),
      rules: ((resource.Properties?.Rules as unknown[] | undefined) ?? []).length,
    })),
    secretsCreated: ofType('AWS::SecretsManager::Secret').length,
    kmsKeys: ofType('AWS::KMS::Key').length,
    schedules,
    logGroups: ofType('AWS::Logs::LogGroup').length,
    pointInTimeRecovery: ofType('AWS::DynamoDB::Table').some(
      ([, resource]) =>
        (resource.Properties?.PointInTimeRecoverySpecification as { PointInTimeRecoveryEnabled?: boolean })
          ?.PointInTimeRecoveryEnabled === true,
    ),
    userPools: ofType('AWS::Cognito::UserPool').length,
  };
}

/** The provider secrets a stage's configuration names (Secrets Manager names: `velo/<stage>/…`). */
export function configuredSecrets(config: unknown, stage: string): string[] {
  const found = new Set<string>();
  const visit = (value: unknown) => {
    if (typeof value === 'string' && value.startsWith(`velo/${stage}/`)) found.add(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(config);
  return [...found].sort();
}
