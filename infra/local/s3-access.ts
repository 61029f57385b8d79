import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What S3 refuses and s3rver lets through: an anonymous GET or HEAD. The bucket is private in AWS
 * (Block Public Access; CloudFront serves `images/` through OAC), so an object URL without a
 * signature is 403 there, and must be here too, or a dispute's private photos
 * (`dispute-evidence/`) would be one URL away on a laptop. s3rver does not check SigV4 at all, so
 * a presigned link's signature and expiry are checked here. Requests with an Authorization header
 * are the local handlers' SDK calls (s3rver's own check); presigned POST uploads carry their
 * policy in the form and pass as before.
 */
export type AccessVerdict = { ok: true } | { ok: false; reason: string };

const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** `20261127T080000Z` → the time it names. */
function amzDate(value: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return Number.NaN;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
}

/**
 * Checks a GET or HEAD request: `rawUrl` is the request target as sent (path and query),
 * `headers` the lower-cased request headers, `secrets` the access keys s3rver knows.
 */
export function checkRead(
  rawUrl: string,
  headers: Record<string, string | string[] | undefined>,
  secrets: ReadonlyMap<string, string>,
  now = Date.now(),
): AccessVerdict {
  if (headers.authorization) return { ok: true };
  const [rawPath = '/', rawQuery = ''] = rawUrl.split('?', 2);
  const params = new URLSearchParams(rawQuery);
  if (params.has('Signature')) return { ok: true }; // V2: s3rver checks it itself
  const signature = params.get('X-Amz-Signature');
  if (!signature) return { ok: false, reason: 'Anonymous access is not allowed' };
  if (params.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
    return { ok: false, reason: 'Unsupported algorithm' };
  const credential = params.get('X-Amz-Credential') ?? '';
  const [accessKeyId = '', date = '', region = '', service = '', terminator = ''] = credential.split('/');
  const secret = secrets.get(accessKeyId);
  if (!secret || terminator !== 'aws4_request') return { ok: false, reason: 'Unknown credential' };
  const signedAt = amzDate(params.get('X-Amz-Date') ?? '');
  const expires = Number(params.get('X-Amz-Expires'));
  if (!Number.isFinite(signedAt) || !Number.isInteger(expires) || expires < 1 || expires > 604_800) {
    return { ok: false, reason: 'Invalid date or expiry' };
  }
  if (now > signedAt + expires * 1000) return { ok: false, reason: 'Request has expired' };

  const signedHeaders = (params.get('X-Amz-SignedHeaders') ?? '').split(';').filter(Boolean);
  const canonicalQuery = [...params.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headerLines = signedHeaders.map((name) => {
    const value = headers[name];
    return `${name}:${(Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')}\n`;
  });
  const canonicalRequest = [
    'GET',
    rawPath,
    canonicalQuery,
    headerLines.join(''),
    signedHeaders.join(';'),
    params.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    params.get('X-Amz-Date'),
    scope,
    createHash('sha256').update(canonicalRequest, 'utf8').digest('hex'),
  ].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'The request signature does not match' };
  }
  return { ok: true };
}

interface KoaContext {
  method: string;
  originalUrl: string;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}

/** A Koa middleware for s3rver that answers refused reads 403 AccessDenied, as S3 does. */
export function privateReads(secrets: ReadonlyMap<string, string>) {
  return async (ctx: KoaContext, next: () => Promise<unknown>) => {
    if (ctx.method === 'GET' || ctx.method === 'HEAD') {
      const verdict = checkRead(ctx.originalUrl, ctx.headers, secrets);
      if (!verdict.ok) {
        ctx.status = 403;
        ctx.type = 'application/xml';
        ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>${verdict.reason}</Message></Error>`;
        return;
      }
    }
    await next();
  };
}
