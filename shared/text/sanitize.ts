/**
 * Content sanitising (§5): angle brackets in user text become their full-width equivalents
 * (＜ ＞) in listing title, description, location, rules and user profile fields; links with a
 * script-like scheme (javascript:, data:, vbscript:) become a blank page (about:blank).
 * Pure string functions: safe in the browser and in handlers.
 */

const ANGLE_BRACKETS = /[<>]/g;
const FULL_WIDTH: Record<string, string> = { '<': '\uff1c', '>': '\uff1e' };

/** Replaces < and > with full-width ＜ and ＞. Null and undefined pass through; non-strings become ''. */
export function sanitizeText<T extends string | null | undefined>(value: T): T;
export function sanitizeText(value: unknown): string | null | undefined;
export function sanitizeText(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return value;
  if (typeof value !== 'string') return '';
  return value.replace(ANGLE_BRACKETS, (ch) => FULL_WIDTH[ch] ?? ch);
}

export const BLANK_PAGE = 'about:blank';

const INVALID_SCHEME = /^([^\w]*)(javascript|data|vbscript)/im;
const HTML_ENTITY = /&#(\w+)(^\w|;)?/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2000-\u200D\uFEFF]/gim;
const URL_SCHEME = /^([^:]+):/m;

function decodeNumericEntities(text: string): string {
  return text.replace(HTML_ENTITY, (_, code: string) => {
    const n = /^x[0-9a-f]+$/i.test(code) ? Number.parseInt(code.slice(1), 16) : Number.parseInt(code, 10);
    return Number.isFinite(n) && n >= 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
  });
}

/**
 * A link target that is safe to render: script-like schemes (also hidden behind entities, control
 * characters or leading symbols) give `about:blank`; relative links and other schemes are kept.
 */
export function sanitizeUrl(url: string | null | undefined): string {
  const cleaned = decodeNumericEntities(url ?? '')
    .replace(CONTROL_CHARACTERS, '')
    .trim();
  if (!cleaned) return BLANK_PAGE;
  if (cleaned.startsWith('.') || cleaned.startsWith('/')) return cleaned;
  const scheme = URL_SCHEME.exec(cleaned)?.[0];
  if (!scheme) return cleaned;
  return INVALID_SCHEME.test(scheme) ? BLANK_PAGE : cleaned;
}

export interface SanitizableListing {
  title?: string | null;
  description?: string | null;
  publicData?:
    | ({
        location?: { address?: string | null; building?: string | null } | null;
        rules?: string | null;
        disclaimer?: string | null;
      } & object)
    | null;
}

/**
 * Sanitises a listing's title, description, publicData.location (address, building), rules,
 * disclaimer and any other free-text string of publicData (lists such as features are kept).
 * Returns a new object; absent fields stay absent. The own-listings API applies it as it writes
 * (functions/listings/own/common.ts parseListingInput), so stored listings are already safe.
 */
export function sanitizeListing<T extends SanitizableListing>(listing: T): T {
  const result: T = { ...listing };
  if ('title' in listing) result.title = sanitizeText(listing.title);
  if ('description' in listing) result.description = sanitizeText(listing.description);
  if (listing.publicData) {
    const publicData: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(listing.publicData)) {
      publicData[key] = typeof value === 'string' ? sanitizeText(value) : value;
    }
    const location = listing.publicData.location;
    if (location) {
      publicData.location = {
        ...location,
        ...('address' in location ? { address: sanitizeText(location.address) } : {}),
        ...('building' in location ? { building: sanitizeText(location.building) } : {}),
      };
    }
    result.publicData = publicData as T['publicData'];
  }
  return result;
}

export interface SanitizableProfile {
  displayName?: string | null;
  abbreviatedName?: string | null;
  bio?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  publicData?: Record<string, unknown> | null;
}

/** Sanitises a user's profile fields (names, bio, and string values of publicData). */
export function sanitizeProfile<T extends SanitizableProfile>(profile: T): T {
  const result: T = { ...profile };
  for (const key of ['displayName', 'abbreviatedName', 'bio', 'firstName', 'lastName'] as const) {
    if (key in profile) result[key] = sanitizeText(profile[key]);
  }
  if (profile.publicData) {
    const publicData: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(profile.publicData)) {
      publicData[key] = typeof value === 'string' ? sanitizeText(value) : value;
    }
    result.publicData = publicData;
  }
  return result;
}
