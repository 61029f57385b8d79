/**
 * Security headers for the static site: CloudFront's response-headers policy (infra/stacks/web-stack.ts)
 * and the local gateway (infra/local/gateway/) both use these, so the site behaves the same locally.
 * The CSP is strict ('self' only) and opens up exactly for the third parties a later issue turns on
 * by configuration: Stripe.js, PayPal's SDK, Sentry, MapLibre's blob: workers.
 */
export interface CspOptions {
  stripe?: boolean;
  paypal?: boolean;
  sentryIngest?: string;
  mapTiles?: string;
  /** Extra connect-src origins, e.g. the Cognito endpoint. */
  connect?: string[];
  /** Extra img-src origins: the images bucket, whose presigned links show a dispute's photos. */
  images?: string[];
}

export function contentSecurityPolicy(options: CspOptions = {}): string {
  const script = ["'self'"];
  const connect = ["'self'", ...(options.connect ?? [])];
  const frame: string[] = [];
  const img = ["'self'", 'data:', 'blob:', ...(options.images ?? [])];
  if (options.stripe) {
    script.push('https://js.stripe.com');
    connect.push('https://api.stripe.com');
    frame.push('https://js.stripe.com', 'https://hooks.stripe.com');
  }
  if (options.paypal) {
    script.push('https://www.paypal.com');
    connect.push('https://www.paypal.com', 'https://www.sandbox.paypal.com');
    frame.push('https://www.paypal.com', 'https://www.sandbox.paypal.com');
    img.push('https://www.paypalobjects.com');
  }
  if (options.sentryIngest) connect.push(options.sentryIngest);
  if (options.mapTiles) {
    connect.push(options.mapTiles);
    img.push(options.mapTiles);
  }
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': script,
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': img,
    'font-src': ["'self'"],
    'connect-src': connect,
    'worker-src': ["'self'", 'blob:'],
    'frame-src': frame.length ? frame : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export const hstsMaxAgeSeconds = 63_072_000; // two years, the preload list's minimum is one

export function securityHeaders(options: CspOptions = {}): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    'strict-transport-security': `max-age=${hstsMaxAgeSeconds}; includeSubDomains; preload`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=(self)',
  };
}

/** Hashed build assets never change: cache for a year. HTML and config are always revalidated. */
export const immutableCacheControl = 'public, max-age=31536000, immutable';
export const revalidateCacheControl = 'no-cache';
