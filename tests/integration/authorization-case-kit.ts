import sharp from 'sharp';
import { keys } from '../../functions/lib/table-design';
import { api, type TestAccount } from './accounts';
import type { Answer, Call, ItemKey, Prepared, RouteCase } from './authorization-matrix';
import type { World } from './authorization-world';
import { postToStorage } from './uploads';

/** What the authorization cases (authorization-cases*.ts) share: answers, watched keys, uploads, tokens. */
export type Case = RouteCase<World>;

export const self = (status: number): Answer => ({ status });
export const notFound: Answer = { status: 404, code: 'not-found' };
export const forbidden: Answer = { status: 403, code: 'forbidden' };

export const user = (id: string): ItemKey => keys.user(id);
export const listingKey = (id: string): ItemKey => keys.listing(id);
export const txKey = (id: string): ItemKey => keys.transaction(id);

/** The owner's call on their own account, watching their profile. */
export function onOwner(world: World, call: Call, extra: ItemKey[] = []): Prepared {
  return { call, watch: [user(world.owner.id), ...extra] };
}

export const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

/** An upload through a presigned POST the API made (an avatar's or a listing photo's); its id. */
export async function uploaded(account: TestAccount, path: string): Promise<string> {
  const bytes = await png();
  const created = await api('POST', path, {
    token: account.accessToken,
    body: { contentType: 'image/png', size: bytes.length },
  });
  if (created.status !== 201) throw new Error(`${path}: ${created.status}`);
  const posted = await postToStorage(created.body.data, bytes, 'image/png');
  if (posted.status !== 204) throw new Error(`upload: ${posted.status}`);
  return created.body.data.uploadId as string;
}

export const publicRead = (why: string, path: (world: World) => string): Case => ({
  auth: 'public',
  why,
  answer: { status: 200 },
  prepare: async (world) => ({ call: { method: 'GET', path: path(world) }, watch: [] }),
});

/** A simulated Stripe.js token made by `account` (tokens name no user; each is single-use). */
export async function stripeToken(account: { accessToken: string }, body: unknown): Promise<string> {
  const made = await api('POST', '/api/simulated-stripe/tokens', { token: account.accessToken, body });
  if (made.status !== 201) throw new Error(`token: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body.data.id as string;
}

export const canadianBank = {
  kind: 'bank_account',
  country: 'CA',
  currency: 'CAD',
  fields: { transitNumber: '11000', institutionNumber: '000', accountNumber: '000123456789' },
};
export const usBank = {
  kind: 'bank_account',
  country: 'US',
  currency: 'USD',
  fields: { routingNumber: '110000000', accountNumber: '000123456789' },
};
export const testCard = {
  number: '4242424242424242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
};
