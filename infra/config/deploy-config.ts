/**
 * One configuration per deployment stage: `infra/config/<stage>.json`, chosen with
 * `npx cdk deploy -c stage=dev|staging|prod` (default dev), read and checked here at synth. It
 * replaces the loose environment variables the stacks used to read: what is not in the file is not
 * deployed. Secrets are never in it: it names Secrets Manager secrets (a name or an ARN) that hold
 * the plain values. `configFields` documents every field; the README's table is checked against it
 * (tests/infra/deploy-config.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const stages = ['dev', 'staging', 'prod'] as const;
export type Stage = (typeof stages)[number];

/** A Secrets Manager secret holding one plain string, by name (`velo/prod/stripe-secret-key`) or ARN. */
export type SecretRef = string;

export type StripeConfig =
  | { mode: 'simulated' }
  | { mode: 'test' | 'live'; publishableKey: string; secretKey: SecretRef; webhookSecret: SecretRef };

export type PaypalConfig =
  | { mode: 'simulated' }
  | {
      mode: 'sandbox' | 'live';
      clientId: string;
      clientSecret: SecretRef;
      partnerId: string;
      webhookId: string;
      partnerAttributionId?: string;
    };

export interface DeployConfig {
  stage: Stage;
  /** The AWS account; default the CLI's (CDK_DEFAULT_ACCOUNT). */
  account?: string;
  region: string;
  /** The site's public URL; its origin is SITE_ORIGIN of every Lambda and Cognito's redirect. */
  siteUrl?: string;
  /**
   * The site's own domain on CloudFront: its name, an ACM certificate for it in us-east-1 (where
   * CloudFront reads certificates), and optionally the Route 53 hosted zone to add the alias to.
   */
  domain?: { name: string; certificateArn: string; hostedZone?: { id: string; name: string } };
  email: { from: string; operator: string };
  payments: { stripe: StripeConfig; paypal: PaypalConfig };
  klaviyo?: { apiKey: SecretRef };
  socialSignIn?: {
    google?: { clientId: string; clientSecret: SecretRef };
    facebook?: { appId: string; appSecret: SecretRef };
    cognitoDomainPrefix?: string;
  };
  /**
   * Amazon Location: `apiKey` (a secret) for the static map images the API draws; `browserApiKey`
   * (public, restricted to the site's referrers) for the browser's interactive maps.
   */
  maps?: { provider: 'amazon'; apiKey: SecretRef; region: string; style?: string; browserApiKey?: string };
  sentry?: { dsn: string; layerArn: string; environment?: string };
  listingsRequireApproval?: boolean;
}

/** The sender nobody configured: it is not a domain we own, so a live stage must not use it. */
export const defaultEmailFrom = 'Velo Exchange <no-reply@veloexchange.com>';
/** Dispute mails go here when no operator address is set (docs/decisions.md). */
export const defaultOperatorEmail = 'operator@veloexchange.com';

/** Every field an ops engineer can set, with what it is for and what happens without it. */
export const configFields: ReadonlyArray<{ field: string; what: string; without: string }> = [
  {
    field: 'stage',
    what: '`dev`, `staging` or `prod`: part of every stack and resource name',
    without: 'required',
  },
  { field: 'account', what: 'the AWS account id', without: "the CLI's account (`CDK_DEFAULT_ACCOUNT`)" },
  { field: 'region', what: 'the AWS region of every stack', without: 'required' },
  {
    field: 'siteUrl',
    what: "the site's public URL: links in mails, canonical URLs, payment return URLs, Cognito redirects",
    without:
      '`https://<domain.name>` with a domain, else `https://www.veloexchange.com` (prod: one of the two is required)',
  },
  {
    field: 'domain',
    what: '`{ name, certificateArn, hostedZone? }`: the site on its own domain (the certificate in us-east-1; with `hostedZone` `{ id, name }` the A/AAAA alias records too), TLS 1.2 minimum',
    without: "the distribution's `*.cloudfront.net` address",
  },
  {
    field: 'email.from',
    what: 'the SES sender (a verified identity)',
    without: 'required (prod: not the default)',
  },
  { field: 'email.operator', what: 'where dispute mails go', without: 'required' },
  {
    field: 'payments.stripe',
    what: '`{ "mode": "simulated" }`, or `test`/`live` with `publishableKey`, `secretKey` and `webhookSecret` (secrets)',
    without: 'required (prod: live)',
  },
  {
    field: 'payments.paypal',
    what: '`{ "mode": "simulated" }`, or `sandbox`/`live` with `clientId`, `clientSecret` (secret), `partnerId`, `webhookId`, optional `partnerAttributionId`',
    without: 'required (prod: live)',
  },
  {
    field: 'klaviyo.apiKey',
    what: "Klaviyo's private API key (secret): marketing-email tracking",
    without: 'simulated provider (logged), browser tracking off',
  },
  {
    field: 'socialSignIn',
    what: '`google` `{ clientId, clientSecret }`, `facebook` `{ appId, appSecret }` (secrets), `cognitoDomainPrefix`',
    without: 'e-mail sign-in only',
  },
  {
    field: 'maps',
    what: '`{ "provider": "amazon", apiKey (secret), region, style, browserApiKey }`: Amazon Location static maps, and with `browserApiKey` (a public key restricted to the site\'s referrers) streets on the interactive maps',
    without: 'the offline map renderer and basemap',
  },
  {
    field: 'sentry',
    what: '`{ dsn, layerArn, environment }`: error reporting (Lambda and browser)',
    without: 'errors only logged',
  },
  { field: 'listingsRequireApproval', what: 'new listings wait for an operator', without: 'false' },
];

const configDir = path.dirname(fileURLToPath(import.meta.url));

export function isStage(value: unknown): value is Stage {
  return typeof value === 'string' && (stages as readonly string[]).includes(value);
}

/** Reads and checks `infra/config/<stage>.json`; throws one error listing every problem. */
export function loadDeployConfig(stage: string, dir = configDir): DeployConfig {
  if (!isStage(stage)) throw new Error(`Unknown stage "${stage}": use one of ${stages.join(', ')}.`);
  const file = path.join(dir, `${stage}.json`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read the ${stage} configuration ${file}: ${(error as Error).message}`);
  }
  return parseDeployConfig(raw, `${stage}.json`);
}

/** Checks a configuration: types, required fields, and what a live stage (prod) must have. */
export function parseDeployConfig(raw: unknown, source: string): DeployConfig {
  const problems = configProblems(raw);
  if (problems.length) {
    throw new Error(`${source} is not a valid deployment configuration:\n- ${problems.join('\n- ')}`);
  }
  return raw as DeployConfig;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

export function configProblems(raw: unknown): string[] {
  if (!isObject(raw)) return ['the file must hold one JSON object'];
  const problems: string[] = [];
  const need = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  const text = (object: Json, key: string, where: string, optional = false) => {
    const value = object[key];
    if (value === undefined && optional) return;
    need(isText(value), `${where}${key} must be a non-empty string`);
  };

  const known = new Set(configFields.map((entry) => entry.field.split('.')[0]));
  for (const key of Object.keys(raw)) need(known.has(key), `${key} is not a setting (a typo?)`);
  need(isStage(raw.stage), `stage must be one of ${stages.join(', ')}`);
  if (raw.account !== undefined)
    need(/^\d{12}$/.test(String(raw.account)), 'account must be a 12-digit AWS account id');
  need(
    isText(raw.region) && /^[a-z]{2}(-[a-z]+)+-\d$/.test(raw.region),
    'region must be an AWS region such as eu-west-1',
  );
  if (raw.siteUrl !== undefined) need(isHttpUrl(raw.siteUrl), 'siteUrl must be an http(s) URL');
  if (raw.domain !== undefined) problems.push(...domainProblems(raw.domain, raw.siteUrl));

  if (isObject(raw.email)) {
    need(
      isText(raw.email.from) && isAddress(raw.email.from),
      'email.from must be an address (`Name <a@b>` or `a@b`)',
    );
    need(isText(raw.email.operator) && isAddress(raw.email.operator), 'email.operator must be an address');
  } else problems.push('email must be an object with from and operator');

  const payments = isObject(raw.payments) ? raw.payments : undefined;
  if (!payments) problems.push('payments must be an object with stripe and paypal');
  const stripe = payments?.stripe;
  if (payments && !isObject(stripe)) problems.push('payments.stripe must be an object with a mode');
  if (isObject(stripe)) {
    if (stripe.mode === 'test' || stripe.mode === 'live') {
      for (const key of ['publishableKey', 'secretKey', 'webhookSecret'])
        text(stripe, key, 'payments.stripe.');
      const prefix = stripe.mode === 'live' ? 'pk_live_' : 'pk_test_';
      if (isText(stripe.publishableKey)) {
        need(
          stripe.publishableKey.startsWith(prefix),
          `payments.stripe.publishableKey must start with ${prefix} in ${stripe.mode} mode`,
        );
      }
    } else need(stripe.mode === 'simulated', 'payments.stripe.mode must be simulated, test or live');
  }
  const paypal = payments?.paypal;
  if (payments && !isObject(paypal)) problems.push('payments.paypal must be an object with a mode');
  if (isObject(paypal)) {
    if (paypal.mode === 'sandbox' || paypal.mode === 'live') {
      for (const key of ['clientId', 'clientSecret', 'partnerId', 'webhookId'])
        text(paypal, key, 'payments.paypal.');
      text(paypal, 'partnerAttributionId', 'payments.paypal.', true);
    } else need(paypal.mode === 'simulated', 'payments.paypal.mode must be simulated, sandbox or live');
  }

  if (raw.klaviyo !== undefined) {
    if (isObject(raw.klaviyo)) text(raw.klaviyo, 'apiKey', 'klaviyo.');
    else problems.push('klaviyo must be an object with apiKey');
  }
  if (raw.socialSignIn !== undefined) {
    const social = isObject(raw.socialSignIn) ? raw.socialSignIn : undefined;
    if (!social) problems.push('socialSignIn must be an object');
    if (social?.google !== undefined) {
      if (isObject(social.google))
        for (const key of ['clientId', 'clientSecret']) text(social.google, key, 'socialSignIn.google.');
      else problems.push('socialSignIn.google must be an object with clientId and clientSecret');
    }
    if (social?.facebook !== undefined) {
      if (isObject(social.facebook))
        for (const key of ['appId', 'appSecret']) text(social.facebook, key, 'socialSignIn.facebook.');
      else problems.push('socialSignIn.facebook must be an object with appId and appSecret');
    }
    if (social?.cognitoDomainPrefix !== undefined) {
      need(
        typeof social.cognitoDomainPrefix === 'string' &&
          /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(social.cognitoDomainPrefix),
        'socialSignIn.cognitoDomainPrefix must be lower-case letters, digits and hyphens',
      );
    }
  }
  if (raw.maps !== undefined) {
    if (isObject(raw.maps)) {
      need(raw.maps.provider === 'amazon', 'maps.provider must be amazon');
      text(raw.maps, 'apiKey', 'maps.');
      text(raw.maps, 'region', 'maps.');
      text(raw.maps, 'style', 'maps.', true);
      text(raw.maps, 'browserApiKey', 'maps.', true);
    } else problems.push('maps must be an object');
  }
  if (raw.sentry !== undefined) {
    if (isObject(raw.sentry)) {
      need(isHttpUrl(raw.sentry.dsn), 'sentry.dsn must be a URL');
      need(
        isText(raw.sentry.layerArn) && raw.sentry.layerArn.startsWith('arn:aws:lambda:'),
        "sentry.layerArn must be Sentry's Node Lambda layer ARN",
      );
      text(raw.sentry, 'environment', 'sentry.', true);
    } else problems.push('sentry must be an object with dsn and layerArn');
  }
  if (raw.listingsRequireApproval !== undefined) {
    need(typeof raw.listingsRequireApproval === 'boolean', 'listingsRequireApproval must be true or false');
  }

  if (raw.stage === 'prod') problems.push(...liveProblems(raw));
  for (const where of placeholders(raw)) problems.push(`${where} is still a placeholder: fill it in`);
  return problems;
}

/** What a stage taking real money from strangers must have: real payments, our sender, our address. */
function liveProblems(raw: Json): string[] {
  const problems: string[] = [];
  const payments = isObject(raw.payments) ? raw.payments : {};
  const mode = (provider: unknown) => (isObject(provider) ? provider.mode : undefined);
  if (mode(payments.stripe) !== 'live')
    problems.push('prod takes real payments: payments.stripe.mode must be live');
  if (mode(payments.paypal) !== 'live')
    problems.push('prod takes real payments: payments.paypal.mode must be live');
  const from = isObject(raw.email) ? raw.email.from : undefined;
  if (typeof from === 'string' && addressOf(from) === addressOf(defaultEmailFrom)) {
    problems.push(
      `prod mails must come from a sender we verified in SES, not the default ${addressOf(defaultEmailFrom)}`,
    );
  }
  if (raw.siteUrl === undefined && raw.domain === undefined) {
    problems.push("prod needs siteUrl or domain: the site's public address for links and redirects");
  }
  return problems;
}

function domainProblems(domain: unknown, siteUrl: unknown): string[] {
  if (!isObject(domain)) return ['domain must be an object with name and certificateArn'];
  const problems: string[] = [];
  const hostname = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
  if (!isText(domain.name) || !hostname.test(domain.name)) {
    problems.push('domain.name must be a lower-case host name such as www.veloexchange.com');
  }
  if (!isText(domain.certificateArn) || !domain.certificateArn.startsWith('arn:aws:acm:us-east-1:')) {
    problems.push(
      'domain.certificateArn must be an ACM certificate in us-east-1 (CloudFront reads certificates only there)',
    );
  }
  if (domain.hostedZone !== undefined) {
    const zone = domain.hostedZone;
    if (!isObject(zone) || !isText(zone.id) || !/^Z[A-Z0-9]{1,32}$/.test(zone.id) || !isText(zone.name)) {
      problems.push('domain.hostedZone must be { id: "Z…", name } of a Route 53 hosted zone');
    } else if (isText(domain.name) && domain.name !== zone.name && !domain.name.endsWith(`.${zone.name}`)) {
      problems.push(`domain.name ${domain.name} is not in the hosted zone ${zone.name}`);
    }
  }
  if (
    isText(siteUrl) &&
    isHttpUrl(siteUrl) &&
    isText(domain.name) &&
    new URL(siteUrl).hostname !== domain.name
  ) {
    problems.push(
      `siteUrl ${siteUrl} is not on domain.name ${domain.name}: links would point elsewhere than the site`,
    );
  }
  return problems;
}

/** Where the committed example values (`replace-with-…`) are still in place. */
function placeholders(value: unknown, where = ''): string[] {
  if (typeof value === 'string') return /replace[-_]with/i.test(value) ? [where] : [];
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    placeholders(inner, where ? `${where}.${key}` : key),
  );
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The plain address of a From header (`Name <a@b>` or `a@b`). */
export function addressOf(from: string): string {
  const match = /<([^>]+)>/.exec(from);
  return (match ? match[1]! : from).trim();
}

function isAddress(value: string): boolean {
  return /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(addressOf(value));
}
