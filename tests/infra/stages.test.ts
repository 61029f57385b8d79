import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildApp, type VeloStacks } from '../../infra/app';
import { browserMapsOf } from '../../infra/stacks/browser-maps';
import { paymentsRuntimeConfigOf } from '../../infra/stacks/payment-providers';
import { devConfig, liveConfig } from './fixtures/configs';

const env = { account: '123456789012', region: 'eu-west-1' };
const synth = (config = devConfig) =>
  buildApp({ bundling: 'none', siteDir: null, env, nag: false, config }).stacks;

type HeadersPolicy = {
  Properties: {
    ResponseHeadersPolicyConfig: {
      SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } };
    };
  };
};
type Resource = { Type: string; Properties?: Record<string, unknown> };

/** The site's CSP as text (a join with tokens when it names the Cognito domain). */
function cspOf(stacks: VeloStacks): string {
  const [policy] = Object.values(
    Template.fromStack(stacks.web).findResources('AWS::CloudFront::ResponseHeadersPolicy'),
  ) as HeadersPolicy[];
  return JSON.stringify(
    policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy
      .ContentSecurityPolicy,
  );
}

/** Every physical name a template sets (…Name properties that are plain strings). */
function physicalNames(stacks: VeloStacks): string[] {
  return Object.values(stacks).flatMap((stack) =>
    Object.values(Template.fromStack(stack).toJSON().Resources as Record<string, Resource>).flatMap(
      (resource) =>
        Object.entries(resource.Properties ?? {})
          // Names that must be unique in an account and region (not a role's inline policy, an API's
          // label, the metric an alarm reads).
          .filter(
            ([key, value]) =>
              /Name$/.test(key) && key !== 'PolicyName' && key !== 'MetricName' && typeof value === 'string',
          )
          .filter(() => !resource.Type.startsWith('AWS::ApiGatewayV2::'))
          .map(([key, value]) => `${resource.Type}.${key}=${value}`),
    ),
  );
}

describe('stages', () => {
  it("live payments: Stripe's and PayPal's origins in the CSP and /config.json says live", () => {
    const csp = cspOf(synth(liveConfig));
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    expect(csp).toMatch(/script-src [^;]*https:\/\/www\.paypal\.com/);
    expect(paymentsRuntimeConfigOf(liveConfig)).toEqual({
      stripe: { mode: 'live', publishableKey: 'pk_live_abc123' },
      paypal: { mode: 'live', clientId: 'AbCdLiveClient' },
    });
  });

  it('simulated payments: the CSP stays closed to them and /config.json says simulated', () => {
    const csp = cspOf(synth());
    expect(csp).not.toContain('stripe.com');
    expect(csp).not.toContain('paypal.com');
    expect(paymentsRuntimeConfigOf(devConfig)).toEqual({
      stripe: { mode: 'simulated', publishableKey: 'pk_simulated' },
      paypal: { mode: 'simulated' },
    });
  });

  it('Amazon Location for browsers: its style in /config.json and its origin in the CSP; else the offline basemap', () => {
    const withMaps = {
      ...liveConfig,
      maps: {
        provider: 'amazon' as const,
        apiKey: 'velo/prod/maps-api-key',
        region: 'eu-central-1',
        browserApiKey: 'v1.public.abc',
      },
    };
    expect(browserMapsOf(withMaps)).toEqual({
      mapStyle: 'https://maps.geo.eu-central-1.amazonaws.com/v2/styles/Standard/descriptor?key=v1.public.abc',
      mapTiles: 'https://maps.geo.eu-central-1.amazonaws.com',
    });
    const csp = cspOf(synth(withMaps));
    expect(csp).toMatch(/connect-src [^;]*https:\/\/maps\.geo\.eu-central-1\.amazonaws\.com/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/maps\.geo\.eu-central-1\.amazonaws\.com/);
    // Static maps only (no browser key), or no maps: the browser stays on the offline basemap.
    const { browserApiKey: _key, ...staticOnly } = withMaps.maps;
    expect(browserMapsOf({ ...liveConfig, maps: staticOnly })).toEqual({});
    expect(cspOf(synth(liveConfig))).not.toContain('amazonaws.com/');
    expect(cspOf(synth(liveConfig))).not.toContain('maps.geo');
  });

  it('two stages synthesize side by side in one account and region with no name in common', () => {
    const dev = synth();
    const prod = synth(liveConfig);
    expect(Object.values(prod).map((stack) => stack.stackName)).toEqual([
      'VeloProdData',
      'VeloProdAuth',
      'VeloProdEvents',
      'VeloProdWorkflow',
      'VeloProdApi',
      'VeloProdWeb',
      'VeloProdEdge',
      'VeloProdMonitoring',
    ]);
    const devNames = physicalNames(dev);
    expect(devNames.length).toBeGreaterThan(1);
    expect(physicalNames(prod).filter((name) => devNames.includes(name))).toEqual([]);
  });

  it("a live stage leaves the simulated providers' routes and signing secret out", () => {
    const routeKeys = (stacks: VeloStacks) =>
      Object.values(Template.fromStack(stacks.api).findResources('AWS::ApiGatewayV2::Route')).map(
        (route) => (route as { Properties: { RouteKey: string } }).Properties.RouteKey,
      );
    const dev = synth();
    const prod = synth(liveConfig);
    expect(routeKeys(dev).filter((key) => key.includes('/api/simulated-')).length).toBeGreaterThanOrEqual(8);
    expect(routeKeys(prod).filter((key) => key.includes('/api/simulated-'))).toEqual([]);
    expect(routeKeys(prod).length).toBe(
      routeKeys(dev).length - routeKeys(dev).filter((key) => key.includes('/api/simulated-')).length,
    );
    Template.fromStack(dev.data).resourceCountIs('AWS::SecretsManager::Secret', 1);
    Template.fromStack(prod.data).resourceCountIs('AWS::SecretsManager::Secret', 0);
  });

  it('serves the site on its own domain: the certificate, TLS 1.2, the alias records and the origin', () => {
    // With cdk-nag on: a custom domain needs no acknowledgement of the default certificate (CFR4).
    const prod = buildApp({
      bundling: 'none',
      siteDir: null,
      env,
      config: {
        ...liveConfig,
        siteUrl: undefined,
        domain: {
          name: 'www.veloexchange.com',
          certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
          hostedZone: { id: 'Z0123456789ABC', name: 'veloexchange.com' },
        },
      },
    }).stacks;
    const web = Template.fromStack(prod.web);
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['www.veloexchange.com'],
        ViewerCertificate: {
          AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      }),
    });
    for (const type of ['A', 'AAAA']) {
      web.hasResourceProperties('AWS::Route53::RecordSet', {
        Name: 'www.veloexchange.com.',
        Type: type,
        HostedZoneId: 'Z0123456789ABC',
      });
    }
    // Links in mails, payment return URLs and Cognito's redirects all use the domain.
    const renderer = Object.values(web.findResources('AWS::Lambda::Function')).find(
      (fn) =>
        (fn as { Properties: { Environment?: { Variables?: Record<string, string> } } }).Properties
          .Environment?.Variables?.SITE_ORIGIN,
    ) as { Properties: { Environment: { Variables: Record<string, string> } } };
    expect(renderer.Properties.Environment.Variables.SITE_ORIGIN).toBe('https://www.veloexchange.com');
    expect(Object.values(web.findOutputs('SiteUrl'))[0]?.Value).toBe('https://www.veloexchange.com');
  });

  it('without a domain: the cloudfront.net address and no records', () => {
    const web = Template.fromStack(synth().web);
    web.resourceCountIs('AWS::Route53::RecordSet', 0);
    const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution')) as {
      Properties: { DistributionConfig: { Aliases?: string[] } };
    }[];
    expect(distribution!.Properties.DistributionConfig.Aliases).toBeUndefined();
  });

  it("sends Cognito's mail through SES from the stage's own sender; the default sender keeps Cognito's", () => {
    Template.fromStack(synth(liveConfig).auth).hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: 'Velo Exchange <hello@mail.veloexchange.com>',
        SourceArn: Match.objectLike({
          'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':identity/mail.veloexchange.com$')])],
        }),
      },
    });
    const devPool = Object.values(
      Template.fromStack(synth().auth).findResources('AWS::Cognito::UserPool'),
    )[0] as {
      Properties: { EmailConfiguration?: { EmailSendingAccount?: string } };
    };
    expect(devPool.Properties.EmailConfiguration?.EmailSendingAccount ?? 'COGNITO_DEFAULT').toBe(
      'COGNITO_DEFAULT',
    );
  });
});
