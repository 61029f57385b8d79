import { Duration, SecretValue } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { originSecretHeader } from '../../functions/lib/origin-secret';
import { type Route, routes } from '../../functions/routes';
import { type ApiRouteName, apiRoutes } from '../../shared/api/routes';
import { routeKey } from './route-throttles';

/*
 * The distribution's behaviours for the API (Web stack, issue 27): one origin, the HTTP API, to
 * which CloudFront always sends the origin secret; `/api/*` never cached; a few public reads cached
 * as long as their handlers say.
 */

/** The context key that pins the origin secret's version (`-c originSecretVersion=<VersionId>`). */
export const originSecretVersionContext = 'originSecretVersion';

/**
 * The origin header's value: a CloudFormation dynamic reference, resolved at deploy time into the
 * distribution's configuration (CloudFront has no other way to send a secret). CloudFormation
 * resolves it again only when the template changes, so a rotation pins the new version with
 * `-c originSecretVersion=<VersionId>` (docs/decisions.md); without it, the current version.
 */
export function originSecretValue(scope: Construct, secret: secretsmanager.ISecret): string {
  const versionId: unknown = scope.node.tryGetContext(originSecretVersionContext);
  return SecretValue.secretsManager(
    secret.secretArn,
    typeof versionId === 'string' && versionId ? { versionId } : {},
  ).unsafeUnwrap();
}

/**
 * The API paths CloudFront caches (issue 27), before `/api/*` (never cached), each as long as the
 * handler's `cache-control` says and never longer than `maxTtl`:
 * - the static map (`public, max-age=30 days`: the image depends only on the query);
 * - the listings' public reads: the search (`public, max-age=5`) and a listing (no cache-control:
 *   not cached). The Authorization header is in the key, so a response to one signed-in caller is
 *   never served to anyone else, whatever a handler might one day send.
 * The routes under each pattern come from the route table; a non-GET one fails the synth.
 */
export const cachedApiPaths = [
  { pattern: '/api/static-map*', routes: ['staticMap'], authorizationInKey: false, maxTtlDays: 365 },
  {
    pattern: '/api/listings*',
    routes: ['searchListings', 'showListing'],
    authorizationInKey: true,
    maxTtlDays: 1,
  },
] as const satisfies readonly {
  pattern: `/api/${string}*`;
  routes: readonly ApiRouteName[];
  authorizationInKey: boolean;
  maxTtlDays: number;
}[];

/** The routes of the table a CloudFront path pattern (`/api/listings*`: a prefix) takes. */
export function routesUnder(pattern: string): Route[] {
  const prefix = pattern.replace(/\*$/, '');
  return (routes as readonly Route[]).filter((route) => route.path.startsWith(prefix));
}

export interface ApiBehavioursProps {
  /** The HTTP API's domain name (Api stack). */
  apiDomainName: string;
  /** The secret CloudFront sends on the API origin and the route handlers check (Api stack). */
  originSecret: secretsmanager.ISecret;
  responseHeadersPolicy: cloudfront.IResponseHeadersPolicy;
}

/** `/api/static-map*` → `ApiStaticMap`: the cache policy's construct id. */
const policyId = (pattern: string) =>
  pattern
    .split(/[^a-z]+/i)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/**
 * The API's behaviours in precedence order: each of `cachedApiPaths` (GET and HEAD, keyed by the
 * whole query and, where it says, Authorization), then `/api/*` (every method, never cached, every
 * viewer header but Host).
 */
export function apiBehaviours(
  scope: Construct,
  props: ApiBehavioursProps,
): Record<string, cloudfront.BehaviorOptions> {
  const origin = new origins.HttpOrigin(props.apiDomainName, {
    protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
    originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
    // The API refuses requests without it (functions/lib/origin-secret.ts); a viewer's own header
    // of this name is overwritten.
    customHeaders: { [originSecretHeader]: originSecretValue(scope, props.originSecret) },
  });
  const common = {
    origin,
    viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
    originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    responseHeadersPolicy: props.responseHeadersPolicy,
  };
  const behaviours: Record<string, cloudfront.BehaviorOptions> = {};
  for (const cached of cachedApiPaths) {
    assertRoutesUnder(cached.pattern, cached.routes);
    const perCaller = cached.authorizationInKey ? ', per Authorization' : '';
    const cachePolicy = new cloudfront.CachePolicy(scope, `${policyId(cached.pattern)}CachePolicy`, {
      comment: `${cached.pattern}: as long as the API's cache-control says${perCaller}`,
      minTtl: Duration.seconds(0),
      // No cache-control: not cached (error answers included).
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(cached.maxTtlDays),
      headerBehavior: cached.authorizationInKey
        ? cloudfront.CacheHeaderBehavior.allowList('Authorization')
        : cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    behaviours[cached.pattern] = {
      ...common,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy,
    };
  }
  behaviours['/api/*'] = {
    ...common,
    allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
    cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
  };
  return behaviours;
}

/** A cached pattern takes exactly the routes it names, all GET: a new route under it fails the synth. */
function assertRoutesUnder(pattern: string, names: readonly ApiRouteName[]): void {
  const under = routesUnder(pattern);
  const named = new Set<string>(names.map((name) => apiRoutes[name].path));
  if (
    under.length !== named.size ||
    under.some((route) => route.method !== 'GET' || !named.has(route.path))
  ) {
    const found = under.map(routeKey).join(', ');
    throw new Error(`${pattern} must take exactly its GET routes ${[...named].join(', ')}, not: ${found}`);
  }
}
