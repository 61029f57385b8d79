import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createListing } from '../../functions/listings/repository';
import { type ApiRouteName, apiRoutes, type PathArgs, route } from '../../shared/api/routes';
import type { LocalCloud } from '../local/cloud';
import { onboardDemoPaypalMerchant, onboardDemoSeller } from '../local/seed/payouts';

/**
 * The cost run's client: the API over HTTP as the browser calls it (every call counted: API Gateway
 * bills each one), and the accounts and listings the orders need, made before the measured window.
 * The simulated providers' own pages (`/api/simulated-…`: Stripe.js's confirm, PayPal's approval
 * popup) are Stripe's and PayPal's servers in AWS, so they are called but not counted.
 */
export interface Account {
  id: string;
  email: string;
  token: string;
}

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of many shapes, each read where it is used
export type Answer = { status: number; body: any };

export class CostClient {
  /** API requests a deployment would serve (API Gateway, CloudFront). */
  apiRequests = 0;
  /** Requests to the simulated providers' pages (Stripe's and PayPal's in AWS): not billed to us. */
  providerRequests = 0;

  constructor(private readonly cloud: LocalCloud) {}

  /** Route `name` called with the method the route table gives it. */
  async call<N extends ApiRouteName>(
    name: N,
    options: { token?: string; body?: unknown },
    ...params: PathArgs<N>
  ): Promise<Answer> {
    const { method, path } = route(name, ...params);
    if (path.startsWith('/api/simulated-')) this.providerRequests++;
    else this.apiRequests++;
    const response = await fetch(`${this.cloud.url}${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  /** As `call`, but a status other than `expected` is an error naming the answer. */
  async expect<N extends ApiRouteName>(
    expected: number | number[],
    name: N,
    options: { token?: string; body?: unknown },
    ...params: PathArgs<N>
  ): Promise<Answer> {
    const answer = await this.call(name, options, ...params);
    const allowed = Array.isArray(expected) ? expected : [expected];
    if (!allowed.includes(answer.status))
      throw new Error(
        `${apiRoutes[name].method} ${name} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
      );
    return answer;
  }

  /** Sign-up, the code of the sign-up mail, sign-in (USER_PASSWORD_AUTH, as Amplify) and verification. */
  async signUp(firstName: string): Promise<Account> {
    const email = `cost-${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@cost.example`;
    const password = 'Correct-horse-9';
    const since = new Date().toISOString();
    const signup = await this.expect(201, 'signup', {
      body: { email, password, firstName, lastName: 'Costing' },
    });
    const code = await this.codeSentTo(email, since);
    const token = await this.signIn(email, password);
    await this.expect(200, 'verifyEmail', { token, body: { verificationToken: code } });
    return { id: signup.body.data.id as string, email, token };
  }

  private async codeSentTo(email: string, since: string): Promise<string> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const message = this.cloud.outbox.list().find((m) => m.to.includes(email) && m.sentAt >= since);
      const code = message && /code is (\d+)/.exec(message.text)?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`No verification code mailed to ${email}`);
  }

  private async signIn(email: string, password: string): Promise<string> {
    const cognito = new CognitoIdentityProviderClient({});
    try {
      const result = await cognito.send(
        new InitiateAuthCommand({
          ClientId: this.cloud.cognito.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      const token = result.AuthenticationResult?.AccessToken;
      if (!token) throw new Error(`No access token for ${email}`);
      return token;
    } finally {
      cognito.destroy();
    }
  }
}

/** A seller paid by card (a verified simulated Stripe Connect account) and by PayPal (an onboarded merchant). */
export async function onboardSeller(seller: Account, origin: string): Promise<void> {
  await onboardDemoSeller({ userId: seller.id, country: 'CA', origin });
  // The demo seed's PayPal link: the simulated merchant and the status PayPal reports for it, stored
  // as the onboarding return stores it.
  if (!(await onboardDemoPaypalMerchant(seller.id))) throw new Error(`PayPal not linked for ${seller.id}`);
}

/** A used road bike for sale (one in stock, shipped or picked up), published: what one order buys. */
export async function bikeForSale(sellerId: string): Promise<string> {
  const now = new Date().toISOString();
  const listing = await createListing({
    id: randomUUID(),
    authorId: sellerId,
    title: 'Trek Domane AL 2 road bike',
    description: 'Light aluminium endurance frame, new tyres, serviced this spring.',
    price: { amount: 95_000, currency: 'USD' },
    shippingFee: {
      oneItem: { amount: 2_500, currency: 'USD' },
      additionalItems: { amount: 1_000, currency: 'USD' },
    },
    state: 'published',
    publicData: {
      category: 'roadBikes',
      condition: 'usedGoodCondition',
      brand: 'Trek',
      pickupEnabled: true,
      shippingEnabled: true,
      location: { address: '1 Main St', city: 'Toronto', region: 'ON', country: 'CA' },
    },
    geolocation: { lat: 43.65, lng: -79.38 },
    publicGeolocation: { lat: 43.66, lng: -79.37 },
    currentStock: 1,
    images: [],
    createdAt: now,
    updatedAt: now,
  });
  return listing.id;
}
