import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { type ApiRoute, type ApiRouteName, apiRoutes } from '../../shared/api/routes';

export interface Throttle {
  /** Steady requests per second, all callers together. */
  rateLimit: number;
  /** Requests at once above the rate before API Gateway answers 429. */
  burstLimit: number;
}

/** The stage's ceiling: well above the marketplace's expected load, below the account's 10,000 rps. */
export const apiThrottle: Throttle = { rateLimit: 200, burstLimit: 400 };

/**
 * Routes with a ceiling of their own, below the stage's: each one calls something with a smaller
 * quota or a real cost, so a flood of one route cannot spend what the others need. These are totals
 * for all callers (API Gateway has no per-IP throttle; the CloudFront web ACL limits each address).
 * - Sign-up, password reset and e-mail codes call Cognito's admin and recovery APIs (UserCreation
 *   50 rps, UserAccountRecovery 30 rps by default) and send an e-mail each.
 * - Checkout and PayPal orders call the payment providers (Stripe: 100 operations/s live).
 * - Enquiries and messages send e-mail; photos and avatars run sharp for seconds (1.5 GB functions).
 * - The static map rasterises with sharp; CloudFront caches it, so its origin sees few requests.
 */
export const routeThrottles: Partial<Record<ApiRouteName, Throttle>> = {
  signup: { rateLimit: 10, burstLimit: 20 },
  requestPasswordReset: { rateLimit: 5, burstLimit: 10 },
  confirmPasswordReset: { rateLimit: 5, burstLimit: 10 },
  changeEmail: { rateLimit: 5, burstLimit: 10 },
  sendVerificationEmail: { rateLimit: 5, burstLimit: 10 },
  verifyEmail: { rateLimit: 10, burstLimit: 20 },
  changePassword: { rateLimit: 10, burstLimit: 20 },
  initiatePrivileged: { rateLimit: 20, burstLimit: 40 },
  transition: { rateLimit: 30, burstLimit: 60 },
  createPaypalOrder: { rateLimit: 20, burstLimit: 40 },
  enquire: { rateLimit: 10, burstLimit: 20 },
  sendMessage: { rateLimit: 20, burstLimit: 40 },
  addImage: { rateLimit: 20, burstLimit: 40 },
  setAvatar: { rateLimit: 10, burstLimit: 20 },
  staticMap: { rateLimit: 50, burstLimit: 100 },
};

/** An HTTP API route key, as API Gateway names the route: `POST /api/auth/signup`. */
export function routeKey(route: Pick<ApiRoute, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/**
 * Sets each served route's ceiling on the stage (the L2 stage has only the default throttle). A
 * route's settings name an existing route, so the stage waits for the routes.
 */
export function applyRouteThrottles(
  stage: apigwv2.HttpStage,
  served: ReadonlyMap<string, apigwv2.HttpRoute>,
): void {
  const settings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
  for (const [name, throttle] of Object.entries(routeThrottles) as [ApiRouteName, Throttle][]) {
    const key = routeKey(apiRoutes[name]);
    const route = served.get(key);
    if (!route) continue;
    settings[key] = {
      ThrottlingRateLimit: throttle.rateLimit,
      ThrottlingBurstLimit: throttle.burstLimit,
    };
    stage.node.addDependency(route);
  }
  const cfnStage = stage.node.defaultChild as apigwv2.CfnStage;
  cfnStage.routeSettings = settings;
}
