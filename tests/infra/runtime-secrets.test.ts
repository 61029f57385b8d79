// biome-ignore-all lint/suspicious/noExplicitAny: synthesized CloudFormation templates are untyped JSON
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { originSecretRefVariable } from '../../functions/lib/origin-secret';
import { runtimeSecrets } from '../../functions/lib/secrets';
import { routes } from '../../functions/routes';
import { buildApp, type VeloStacks } from '../../infra/app';
import { providersOf, type SecretProvider } from '../../infra/stacks/runtime-secrets';
import { devConfig, liveConfig } from './fixtures/configs';

// The providers' secrets are read at run time (functions/lib/secrets.ts): a function's environment
// holds where a secret is, never its value nor a {{resolve:…}} reference CloudFormation would put
// into the function's configuration in clear text; and only a function that calls the provider
// may read the provider's secret.

const env = { account: '123456789012', region: 'eu-west-1' };
const synth = (config = devConfig) =>
  buildApp({ bundling: 'none', siteDir: null, env, nag: false, config }).stacks;

/** Live Stripe and PayPal, Klaviyo and Amazon Location: every secret a stage can have. */
const everySecretConfig = {
  ...liveConfig,
  maps: { provider: 'amazon' as const, apiKey: 'velo/prod/maps-api-key', region: 'eu-west-1' },
};
const secretNames: Record<string, SecretProvider> = {
  'velo/prod/stripe-secret-key': 'Stripe',
  'velo/prod/stripe-webhook-secret': 'Stripe',
  'velo/prod/paypal-client-secret': 'Paypal',
  'velo/prod/klaviyo-api-key': 'Klaviyo',
  'velo/prod/maps-api-key': 'Maps',
};

/** The route handler modules: each checks the origin secret CloudFront sends. */
const routeHandlerModules = new Set<string>(routes.map((route) => route.handler));

type Resource = { Type: string; Properties: Record<string, any> };

interface HandlerFunction {
  handler: string;
  environment: Record<string, unknown>;
  /** The secrets (by the names above, or the Data stack's signing secret) the function's role may read. */
  readable: string[];
  layers: string[];
}

/** Every handler Lambda of the app with its environment and the secrets its role may read. */
function handlerFunctions(stacks: VeloStacks): HandlerFunction[] {
  return Object.values(stacks).flatMap((stack) => {
    const resources = Template.fromStack(stack).toJSON().Resources as Record<string, Resource>;
    const secretsOfRole = (roleId: string): string[] => {
      const statements = Object.values(resources)
        .filter((r) => r.Type === 'AWS::IAM::Policy')
        .filter((r) => JSON.stringify(r.Properties.Roles).includes(`"${roleId}"`))
        .flatMap((r) => r.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[])
        .filter((statement) => JSON.stringify(statement.Action).includes('secretsmanager:GetSecretValue'));
      const text = JSON.stringify(statements.map((statement) => statement.Resource));
      return [
        ...Object.keys(secretNames).filter((name) => text.includes(name)),
        ...(text.includes('SimulatedProvidersSigningSecret') ? ['simulated signing secret'] : []),
      ];
    };
    return Object.values(resources)
      .filter((r) => r.Type === 'AWS::Lambda::Function')
      .filter((r) => String(r.Properties.Description ?? '').startsWith('Velo Exchange handler'))
      .map((r) => ({
        handler: /functions\/(.+)\.ts$/.exec(r.Properties.Description)![1]!,
        environment: r.Properties.Environment?.Variables ?? {},
        readable: secretsOfRole(r.Properties.Role['Fn::GetAtt'][0]),
        layers: (r.Properties.Layers ?? []).map((layer: unknown) => JSON.stringify(layer)),
      }));
  });
}

describe('provider secrets', () => {
  it('no function environment holds a secret or a dynamic reference to one; the templates neither', () => {
    const stacks = synth(everySecretConfig);
    const functions = handlerFunctions(stacks);
    expect(functions.length).toBeGreaterThan(60);
    for (const fn of functions) {
      const text = JSON.stringify(fn.environment);
      expect(text, fn.handler).not.toContain('resolve:secretsmanager');
      for (const name of runtimeSecrets)
        expect(fn.environment[name], `${fn.handler} ${name}`).toBeUndefined();
    }
    for (const stack of [stacks.api, stacks.workflow, stacks.events, stacks.data]) {
      expect(JSON.stringify(Template.fromStack(stack).toJSON())).not.toContain('resolve:secretsmanager');
    }
  });

  it('each secret is readable by exactly the functions that call its provider, which know where it is', () => {
    const functions = handlerFunctions(synth(everySecretConfig));
    for (const fn of functions) {
      const providers = providersOf(fn.handler);
      const expected = Object.keys(secretNames).filter((name) => providers.includes(secretNames[name]!));
      expect(fn.readable.sort(), fn.handler).toEqual(expected.sort());
      const told = JSON.stringify(
        Object.entries(fn.environment).filter(([variable]) => variable.endsWith('_REF')),
      );
      for (const name of expected) expect(told, `${fn.handler} is told where ${name} is`).toContain(name);
      // They ask the Parameters and Secrets extension for them (functions/lib/secrets.ts); so does
      // every route handler, for the origin secret (functions/lib/origin-secret.ts); no other function has it.
      const extension = fn.layers.some((layer) =>
        layer.includes('AWS-Parameters-and-Secrets-Lambda-Extension'),
      );
      expect(extension, fn.handler).toBe(expected.length > 0 || routeHandlerModules.has(fn.handler));
    }
    // By the stage file's name as given: CDK's partial ARN of `…/stripe-webhook-secret` would end
    // in `-` and six characters, which Secrets Manager takes for a complete ARN.
    const webhook = functions.find((fn) => fn.handler === 'payments/stripe/http/webhook')!;
    expect(webhook.environment.STRIPE_WEBHOOK_SECRET_REF).toBe('velo/prod/stripe-webhook-secret');
    const readers = (name: string) =>
      functions.filter((fn) => fn.readable.includes(name)).map((fn) => fn.handler);
    expect(readers('velo/prod/stripe-secret-key')).toEqual(
      expect.arrayContaining([
        'payments/stripe/http/webhook',
        'orders/workflow/sweep-due',
        'orders/workflow/fire-timer',
        // The operator's order commands run in AWS with the keys (npm run operator -- … --aws).
        'orders/operator/run-command',
      ]),
    );
    expect(readers('velo/prod/klaviyo-api-key').sort()).toEqual([
      'accounts/http/track-event',
      'accounts/http/update-profile',
    ]);
    expect(readers('velo/prod/maps-api-key')).toEqual(['places/http/static-map']);
    for (const handler of [
      'listings/http/show',
      'accounts/http/signup',
      'orders/workflow/plan',
      'orders/finance/ledger',
    ])
      expect(functions.find((fn) => fn.handler === handler)?.readable, handler).toEqual([]);
  });

  it("a simulated stage's payment functions read the deployment's own signing secret, by ARN", () => {
    const functions = handlerFunctions(synth(devConfig));
    const webhook = functions.find((fn) => fn.handler === 'payments/stripe/http/webhook')!;
    expect(JSON.stringify(webhook.environment.STRIPE_WEBHOOK_SECRET_REF)).toContain(
      'SimulatedProvidersSigningSecret',
    );
    expect(webhook.environment.STRIPE_SECRET_KEY_REF).toBeUndefined();
    expect(webhook.readable).toEqual(['simulated signing secret']);
    const onboarding = functions.find(
      (fn) => fn.handler === 'payments/paypal/http/simulated/onboarding-page',
    )!;
    expect(JSON.stringify(onboarding.environment.PAYPAL_SIMULATED_SECRET_REF)).toContain(
      'SimulatedProvidersSigningSecret',
    );
    expect(functions.find((fn) => fn.handler === 'listings/http/search')!.readable).toEqual([]);
  });
});

describe("the operator's order commands in AWS", () => {
  it('are a function of the Workflow stack, named by an output, that may start and answer the workflow', () => {
    const stacks = synth(everySecretConfig);
    const workflow = Template.fromStack(stacks.workflow);
    const outputs = workflow.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(JSON.stringify(outputs.OperatorFunctionName?.Value)).toContain('OrdersOperatorCommand');
    const policies = JSON.stringify(
      workflow.findResources('AWS::IAM::Policy', {
        Properties: {
          Roles: [
            {
              Ref: Object.keys(workflow.findResources('AWS::IAM::Role')).find((id) =>
                id.startsWith('OperatorHandlerRole'),
              ),
            },
          ],
        },
      }),
    );
    for (const action of ['states:StartExecution', 'states:SendTaskSuccess', 'secretsmanager:GetSecretValue'])
      expect(policies).toContain(action);
  });
});

describe('the origin secret (issue 27)', () => {
  it('every route handler, and no other function, is told where it is and may read it', () => {
    const stacks = synth(everySecretConfig);
    const api = Template.fromStack(stacks.api).toJSON().Resources as Record<string, Resource>;
    const [secretId] = Object.entries(api).find(
      ([id, r]) => r.Type === 'AWS::SecretsManager::Secret' && id.startsWith('OriginSecret'),
    )!;
    const functions = handlerFunctions(stacks);
    for (const fn of functions) {
      const told = JSON.stringify(fn.environment[originSecretRefVariable] ?? null);
      expect(told.includes(secretId), fn.handler).toBe(routeHandlerModules.has(fn.handler));
    }
    const readers = new Set(
      Object.values(api)
        .filter((r) => r.Type === 'AWS::IAM::Policy')
        .filter((r) => JSON.stringify(r.Properties.PolicyDocument).includes(`"${secretId}"`))
        .flatMap((r) => (r.Properties.Roles as { Ref: string }[]).map((role) => role.Ref)),
    );
    for (const [, r] of Object.entries(api).filter(([, r]) => r.Type === 'AWS::Lambda::Function')) {
      const role = r.Properties.Role?.['Fn::GetAtt']?.[0];
      if (String(r.Properties.Description ?? '').startsWith('Velo Exchange handler'))
        expect(readers.has(role), r.Properties.Description).toBe(true);
    }
  });
});
