import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveConfig } from '../../tests/infra/fixtures/configs';
import {
  configFields,
  configProblems,
  defaultEmailFrom,
  loadDeployConfig,
  parseDeployConfig,
} from './deploy-config';

/** The complete live stage the infra tests synthesize. */
const live = liveConfig;
const simulated = { stripe: { mode: 'simulated' }, paypal: { mode: 'simulated' } };

describe('the deployment configuration', () => {
  it('accepts the committed dev configuration and a complete live one', () => {
    expect(loadDeployConfig('dev').payments.stripe.mode).toBe('simulated');
    expect(configProblems(live)).toEqual([]);
    expect(parseDeployConfig(live, 'prod.json').siteUrl).toBe('https://www.veloexchange.com');
  });

  it('refuses an unknown stage before reading anything', () => {
    expect(() => loadDeployConfig('production')).toThrow(
      'Unknown stage "production": use one of dev, staging, prod.',
    );
  });

  it('refuses a prod without live payments, with the default sender or without its address, saying each', () => {
    const problems = configProblems({
      ...live,
      siteUrl: undefined,
      email: { ...live.email, from: defaultEmailFrom },
      payments: simulated,
    });
    expect(problems).toEqual([
      'prod takes real payments: payments.stripe.mode must be live',
      'prod takes real payments: payments.paypal.mode must be live',
      'prod mails must come from a sender we verified in SES, not the default no-reply@veloexchange.com',
      "prod needs siteUrl or domain: the site's public address for links and redirects",
    ]);
    expect(() => parseDeployConfig({ ...live, payments: simulated }, 'prod.json')).toThrow(
      /^prod\.json is not a valid deployment configuration:\n- prod takes real payments/,
    );
  });

  it('lets dev and staging run simulated, with the default sender', () => {
    for (const stage of ['dev', 'staging']) {
      expect(
        configProblems({
          ...live,
          stage,
          siteUrl: undefined,
          email: { ...live.email, from: defaultEmailFrom },
          payments: simulated,
        }),
      ).toEqual([]);
    }
  });

  it('names each missing or malformed field', () => {
    expect(
      configProblems({
        stage: 'dev',
        account: '1234',
        region: 'Ireland',
        siteUrl: 'ftp://x',
        email: { from: 'nobody', operator: 'ops@veloexchange.com' },
        payments: {
          stripe: { mode: 'live', publishableKey: 'pk_test_1', secretKey: '' },
          paypal: { mode: 'paid' },
        },
        sentry: { dsn: 'https://k@o1.ingest.sentry.io/1' },
        listingsRequireApproval: 'yes',
      }),
    ).toEqual([
      'account must be a 12-digit AWS account id',
      'region must be an AWS region such as eu-west-1',
      'siteUrl must be an http(s) URL',
      'email.from must be an address (`Name <a@b>` or `a@b`)',
      'payments.stripe.secretKey must be a non-empty string',
      'payments.stripe.webhookSecret must be a non-empty string',
      'payments.stripe.publishableKey must start with pk_live_ in live mode',
      'payments.paypal.mode must be simulated, sandbox or live',
      "sentry.layerArn must be Sentry's Node Lambda layer ARN",
      'listingsRequireApproval must be true or false',
    ]);
    expect(configProblems([])).toEqual(['the file must hold one JSON object']);
  });

  it('refuses the committed placeholders until someone fills them in', () => {
    const problems = configProblems({
      ...live,
      payments: {
        ...live.payments,
        paypal: { ...live.payments.paypal, clientId: 'replace-with-the-live-client-id' },
      },
    });
    expect(problems).toEqual(['payments.paypal.clientId is still a placeholder: fill it in']);
    expect(() => loadDeployConfig('prod')).toThrow(/payments\.stripe\.publishableKey is still a placeholder/);
  });

  it('reads a stage file from a folder and reports a broken one with its path', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'velo-config-'));
    writeFileSync(path.join(dir, 'staging.json'), '{ "stage": ');
    expect(() => loadDeployConfig('staging', dir)).toThrow(
      `Cannot read the staging configuration ${path.join(dir, 'staging.json')}`,
    );
    writeFileSync(path.join(dir, 'dev.json'), JSON.stringify({ ...live, stage: 'dev', payments: simulated }));
    expect(loadDeployConfig('dev', dir).stage).toBe('dev');
  });

  it('refuses a setting it does not know, so a typo is not silently ignored', () => {
    expect(configProblems({ ...live, siteURL: 'https://x.example' })).toEqual([
      'siteURL is not a setting (a typo?)',
    ]);
  });

  it("the README's deploy table lists every setting as configFields says, and no old variable", () => {
    const readme = readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Deploying to AWS'), readme.indexOf('## Troubleshooting'));
    for (const entry of configFields) {
      expect(section).toContain(`| \`${entry.field}\` | ${entry.what} | ${entry.without} |`);
    }
    expect(section).not.toMatch(
      /MAP_STYLE_URL|LOCATION_INDEX_NAME|STRIPE_SECRET_KEY|SITE_URL|EMAIL_FROM|_ARN\b/,
    );
  });

  it('checks a domain: a host name, a us-east-1 certificate, a zone it belongs to, a siteUrl on it', () => {
    const domain = {
      name: 'www.veloexchange.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      hostedZone: { id: 'Z0123456789ABC', name: 'veloexchange.com' },
    };
    expect(configProblems({ ...live, domain })).toEqual([]);
    expect(configProblems({ ...live, siteUrl: undefined, domain })).toEqual([]);
    expect(
      configProblems({
        ...live,
        siteUrl: 'https://shop.example',
        domain: {
          name: 'WWW.Velo',
          certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc',
          hostedZone: { id: 'zone', name: 'veloexchange.com' },
        },
      }),
    ).toEqual([
      'domain.name must be a lower-case host name such as www.veloexchange.com',
      'domain.certificateArn must be an ACM certificate in us-east-1 (CloudFront reads certificates only there)',
      'domain.hostedZone must be { id: "Z…", name } of a Route 53 hosted zone',
      'siteUrl https://shop.example is not on domain.name WWW.Velo: links would point elsewhere than the site',
    ]);
    expect(
      configProblems({ ...live, domain: { ...domain, hostedZone: { id: 'Z1', name: 'other.example' } } }),
    ).toEqual(['domain.name www.veloexchange.com is not in the hosted zone other.example']);
  });
});
