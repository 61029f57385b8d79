import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { updateUser } from '../../functions/accounts/repository';
import type { ListingRecord } from '../../functions/listings/listing-record';
import { simulatedCardProvider } from '../../functions/payments/stripe';
import { api, codeSentTo, mark, signIn, signUp, type TestAccount, testCloud, uniqueEmail } from './accounts';
import type { Actor } from './authorization-matrix';
import { badTokensOf } from './authorization-tokens';
import { givenListing, onboardPaypalSeller, onboardStripeSeller } from './fixtures';
import {
  bikeListing,
  paidCardOrder,
  paidPaypalOrder,
  paypalOrder,
  stored,
  transition,
} from './order-fixtures';

/**
 * The authorization matrix's fixtures: an owner with a listing, orders as buyer (card: delivered,
 * so they may dispute; PayPal: purchased) and a seller who is the other party of them, another
 * signed-in user, and a banned one. Routes whose owner call needs an account or a resource of its
 * own (deleting, closing, a fresh e-mail) make it in their case's `prepare`, with these helpers.
 */
export interface World {
  owner: Actor & { account: TestAccount };
  other: Actor & { account: TestAccount };
  banned: Actor;
  /** The other party of the owner's orders: a card and PayPal seller, and the buyer of the owner's sale. */
  seller: TestAccount;
  sellerActor: Actor;
  /** The owner's published listing with one photo and stock. */
  listing: ListingRecord;
  /** The seller's listing the owner buys from. */
  sellerListingId: string;
  /** The owner's card order from the seller, delivered (the buyer may still report a problem). */
  purchaseId: string;
  /** The owner's own onboarded PayPal merchant (the owner sells too). */
  ownerMerchantId: string;
  /** The owner's PayPal order from the seller, purchased, and its capture. */
  paypalPurchase: { id: string; captureId: string };
}

/** An account as a matrix actor: its bad tokens forged by `attacker` (the world's other user). */
export async function actorOf(
  account: TestAccount,
  attacker: TestAccount,
): Promise<Actor & { account: TestAccount }> {
  return {
    id: account.user.id,
    email: account.email,
    accessToken: account.accessToken,
    badTokens: await badTokensOf(account.accessToken, attacker.accessToken),
    account,
  };
}

/** A fresh account as an owner of its own (for routes that change the account itself). */
export async function freshOwner(world: World, options: { password?: string } = {}) {
  return actorOf(await signUp(options), world.other.account);
}

/**
 * A Cognito user without a profile yet, as a Google or Facebook sign-in leaves one: signed up and
 * confirmed in Cognito directly, never through the API.
 */
export async function idpOwner(world: World) {
  const cognito = new CognitoIdentityProviderClient({});
  try {
    const ClientId = inject('cognitoClientId');
    const email = uniqueEmail('idp');
    const password = `Idp-${randomUUID()}`;
    const since = await mark();
    const made = await cognito.send(
      new SignUpCommand({
        ClientId,
        Username: email,
        Password: password,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    const code = await codeSentTo(email, since);
    await cognito.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: code }));
    const accessToken = await signIn(email, password);
    const account = {
      email,
      password,
      accessToken,
      user: { id: made.UserSub!, email },
    } as unknown as TestAccount;
    return actorOf(account, world.other.account);
  } finally {
    cognito.destroy();
  }
}

/** A fresh unverified owner and the code of its sign-up mail. */
export async function unverifiedOwner(world: World) {
  const since = await mark();
  const account = await signUp({ verified: false });
  return { owner: await actorOf(account, world.other.account), code: await codeSentTo(account.email, since) };
}

/** Another published listing of the owner's (state and fields as given). */
export function ownerListing(world: World, overrides: Partial<ListingRecord> = {}) {
  return givenListing(world.owner.id, {
    currentStock: 3,
    images: [{ id: randomUUID(), variants: {} }],
    ...overrides,
  });
}

/** A simulated PaymentIntent made for the owner (what checkout makes), not confirmed yet. */
export async function ownerPaymentIntent(world: World): Promise<string> {
  const provider = simulatedCardProvider();
  if (!provider) throw new Error('the matrix needs the simulated Stripe');
  const intent = await provider.createPaymentIntent({
    amount: 5_000,
    currency: 'usd',
    captureMethod: 'manual',
    transferGroup: randomUUID(),
    metadata: { customerUserId: world.owner.id },
    idempotencyKey: randomUUID(),
  });
  return intent.id;
}

/** A PayPal order the owner created for the seller's listing and has not approved. */
export function ownerPaypalOrder(world: World): Promise<string> {
  return paypalOrder(world.owner.account, world.sellerListingId, randomUUID(), { action: 'none' });
}

/** A setup intent of the owner's, and (if asked) the card it confirmed. */
export async function ownerSetupIntent(owner: TestAccount, confirm: boolean) {
  const created = await api('POST', '/api/stripe/setup-intents', { token: owner.accessToken });
  if (created.status !== 201) throw new Error(`setup intent: ${created.status}`);
  const setupIntentId = created.body.data.setupIntentId as string;
  if (!confirm) return { setupIntentId };
  const card = {
    number: '4242424242424242',
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 2,
    cvc: '123',
  };
  const confirmed = await api('POST', `/api/simulated-stripe/setup-intents/${setupIntentId}/confirm`, {
    token: owner.accessToken,
    body: card,
  });
  if (confirmed.status !== 200) throw new Error(`confirm setup intent: ${confirmed.status}`);
  return { setupIntentId, paymentMethodId: confirmed.body.data.paymentMethodId as string };
}

/**
 * The accounts and the owner's listing only, for a matrix of the listing routes (the mutation
 * check): the order fixtures are not made, and reading one of them fails loudly.
 */
export async function buildListingWorld(): Promise<World> {
  const [ownerAccount, otherAccount, bannedAccount] = await Promise.all([signUp(), signUp(), signUp()]);
  // Publishing needs payout details.
  await onboardStripeSeller(ownerAccount.user.id, { origin: testCloud().url });
  await updateUser(bannedAccount.user.id, { set: { banned: true, bannedAt: new Date().toISOString() } });
  const listing = await givenListing(ownerAccount.user.id, {
    currentStock: 5,
    images: [{ id: randomUUID(), variants: {} }],
  });
  const world: Partial<World> = {
    owner: await actorOf(ownerAccount, otherAccount),
    other: await actorOf(otherAccount, ownerAccount),
    banned: await actorOf(bannedAccount, otherAccount),
    listing,
  };
  return new Proxy(world as World, {
    get(target, key) {
      const orderFixtures = [
        'seller',
        'sellerActor',
        'sellerListingId',
        'ownerMerchantId',
        'purchaseId',
        'paypalPurchase',
      ];
      if (typeof key === 'string' && orderFixtures.includes(key))
        throw new Error(`${key} is not in the listing world`);
      return Reflect.get(target, key);
    },
  });
}

export async function buildWorld(): Promise<World> {
  const origin = testCloud().url;
  const [ownerAccount, otherAccount, bannedAccount, seller] = await Promise.all([
    signUp({ firstName: 'Owen', lastName: 'Owner' }),
    signUp({ firstName: 'Otto', lastName: 'Other' }),
    signUp({ firstName: 'Bart', lastName: 'Banned' }),
    signUp({ firstName: 'Sal', lastName: 'Seller' }),
  ]);
  // The ban guard reads this flag (functions/lib/http.ts); `npm run operator -- ban` sets it too.
  await updateUser(bannedAccount.user.id, { set: { banned: true, bannedAt: new Date().toISOString() } });
  const [, , , ownerMerchantId] = await Promise.all([
    onboardStripeSeller(seller.user.id, { origin }),
    onboardPaypalSeller(seller.user.id),
    onboardStripeSeller(ownerAccount.user.id, { origin }),
    onboardPaypalSeller(ownerAccount.user.id),
    // The other user has a payout account too, so the account routes answer them about their own.
    onboardStripeSeller(otherAccount.user.id, { origin }),
  ]);
  const [listing, sellerListing] = await Promise.all([
    givenListing(ownerAccount.user.id, { currentStock: 5, images: [{ id: randomUUID(), variants: {} }] }),
    bikeListing(seller.user.id, 20),
  ]);
  const deliveredPurchase = async () => {
    const order = await paidCardOrder(ownerAccount, sellerListing.id);
    const delivered = await transition(seller, order.id, 'mark-delivered');
    if (delivered.status !== 200) throw new Error(`mark-delivered: ${delivered.status}`);
    return order;
  };
  const [purchase, paypal] = await Promise.all([
    deliveredPurchase(),
    paidPaypalOrder(ownerAccount, sellerListing.id),
  ]);
  const paid = await stored(paypal.id);
  const captureId = paid.payment?.paypalCaptureId ?? (paid.protectedData.paypalTransactionId as string);
  return {
    owner: await actorOf(ownerAccount, otherAccount),
    other: await actorOf(otherAccount, ownerAccount),
    banned: await actorOf(bannedAccount, otherAccount),
    seller,
    sellerActor: await actorOf(seller, otherAccount),
    listing,
    sellerListingId: sellerListing.id,
    ownerMerchantId,
    purchaseId: purchase.id,
    paypalPurchase: { id: paypal.id, captureId },
  };
}
