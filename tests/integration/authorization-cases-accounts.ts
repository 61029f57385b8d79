import { randomUUID } from 'node:crypto';
import type { ApiRouteName } from '../../shared/api/routes';
import { uniqueEmail } from './accounts';
import { type Case, notFound, onOwner, publicRead, self, uploaded, user } from './authorization-case-kit';
import { freshOwner, idpOwner, unverifiedOwner } from './authorization-world';

/** The authorization matrix's cases of the public reads and the account routes (authorization-cases.ts). */
export const accountCases = {
  searchListings: publicRead('public search', () => '/api/listings?keywords=trek'),
  showListing: publicRead('a published listing is public', (w) => `/api/listings/${w.listing.id}`),
  showUser: publicRead("a user's public profile", (w) => `/api/users/${w.owner.id}`),
  userListings: publicRead("a user's published listings", (w) => `/api/users/${w.owner.id}/listings`),
  userReviews: publicRead("a user's reviews", (w) => `/api/users/${w.owner.id}/reviews`),
  hostedAsset: publicRead('hosted content', () => '/api/assets/latest/content/pages/about.json'),
  searchPlaces: publicRead('the offline gazetteer', () => '/api/places?q=Toronto'),
  staticMap: publicRead(
    'static map images',
    () => '/api/static-map?center=43.65,-79.38&zoom=13&width=64&height=64',
  ),
  me: {
    auth: 'user',
    why: 'self: the token is the account',
    other: self(200),
    owner: 200,
    prepare: async (w) => onOwner(w, { method: 'GET', path: '/api/me' }),
  },
  updateMe: {
    auth: 'user',
    why: 'self: the profile is the token’s sub, the body cannot name another user',
    other: self(200),
    owner: 200,
    prepare: async (w) =>
      onOwner(w, { method: 'PATCH', path: '/api/me', body: { bio: 'Rides gravel on weekends.' } }),
  },
  changeEmail: {
    auth: 'user',
    why: 'self, and the current password is the account’s: another user’s password check fails (400)',
    other: { status: 400 },
    owner: 200,
    prepare: async (w) => {
      const owner = await freshOwner(w, { password: `Owner-${randomUUID()}` });
      const body = { email: uniqueEmail('moved'), currentPassword: owner.account.password };
      return { owner, call: { method: 'POST', path: '/api/me/email', body }, watch: [user(owner.id)] };
    },
  },
  createAvatarUpload: {
    auth: 'user',
    why: 'self: the upload key is under the caller’s id',
    other: self(201),
    owner: 201,
    prepare: async (w) =>
      onOwner(w, {
        method: 'POST',
        path: '/api/me/avatar-uploads',
        body: { contentType: 'image/png', size: 100 },
      }),
  },
  setAvatar: {
    auth: 'user',
    why: 'self: the upload id is looked up under the caller’s id, so another user’s upload is not found (404)',
    other: notFound,
    owner: 200,
    prepare: async (w) => {
      const uploadId = await uploaded(w.owner.account, '/api/me/avatar-uploads');
      return onOwner(w, { method: 'PUT', path: '/api/me/avatar', body: { uploadId } });
    },
  },
  signup: {
    auth: 'public',
    why: 'sign-up on a taken, verified address is refused (409) and changes nothing; 5 a day per address, so the calls take turns between two taken addresses whose profiles no other call writes meanwhile',
    answer: { status: 409 },
    prepare: async (w) => {
      const taken = [w.owner, w.sellerActor];
      let turn = 0;
      return {
        call: () => ({
          method: 'POST',
          path: '/api/auth/signup',
          body: {
            email: taken[turn++ % taken.length]!.email,
            password: 'Correct-horse-9',
            firstName: 'Eve',
            lastName: 'Intruder',
          },
        }),
        watch: taken.map((account) => user(account.id)),
      };
    },
  },
  createUserWithIdp: {
    auth: 'user',
    why: 'self: the profile is made for the token’s sub; a caller who has one gets 409',
    other: { status: 409, code: 'conflict' },
    owner: 201,
    prepare: async (w) => {
      const owner = await idpOwner(w);
      return {
        owner,
        call: {
          method: 'POST',
          path: '/api/auth/create-user-with-idp',
          body: { firstName: 'Ida', lastName: 'Provider' },
        },
        watch: [{ ...user(owner.id), absent: true }],
      };
    },
  },
  requestPasswordReset: {
    auth: 'public',
    why: 'public; an unknown address is 404 email-not-found (the spec’s message; 5 a day per address, so a new address each call)',
    answer: { status: 404, code: 'email-not-found' },
    prepare: async () => ({
      call: () => ({
        method: 'POST',
        path: '/api/auth/password-reset',
        body: { email: uniqueEmail('nobody') },
      }),
      watch: [],
    }),
  },
  confirmPasswordReset: {
    auth: 'public',
    why: 'public; a wrong code is refused and the owner’s account is not changed',
    answer: { status: 400 },
    prepare: async (w) => ({
      call: {
        method: 'POST',
        path: '/api/auth/password-reset/confirm',
        body: { email: w.owner.email, passwordResetToken: '000000', newPassword: 'Stolen-horse-42' },
      },
      watch: [user(w.owner.id)],
    }),
  },
  changePassword: {
    auth: 'user',
    why: 'self: Cognito checks the current password of the token’s user; another user’s is wrong (400)',
    other: { status: 400 },
    owner: 204,
    prepare: async (w) => {
      const owner = await freshOwner(w, { password: `Owner-${randomUUID()}` });
      const body = { currentPassword: owner.account.password, newPassword: `Renewed-${randomUUID()}` };
      return {
        owner,
        call: { method: 'POST', path: '/api/auth/change-password', body },
        watch: [user(owner.id)],
      };
    },
  },
  sendVerificationEmail: {
    auth: 'user',
    why: 'self: the code goes to the caller’s address; the other user’s is verified already (409)',
    other: { status: 409, code: 'conflict' },
    owner: 202,
    prepare: async (w) => {
      const { owner } = await unverifiedOwner(w);
      return {
        owner,
        call: { method: 'POST', path: '/api/auth/verification-email' },
        watch: [user(owner.id)],
      };
    },
  },
  verifyEmail: {
    auth: 'user',
    why: 'self: Cognito checks the code against the token’s user; the owner’s code is not the other user’s',
    other: { status: 400 },
    owner: 200,
    prepare: async (w) => {
      const { owner, code } = await unverifiedOwner(w);
      return {
        owner,
        call: { method: 'POST', path: '/api/auth/verify-email', body: { verificationToken: code } },
        watch: [user(owner.id)],
      };
    },
  },
  klaviyoUpdateProfile: {
    auth: 'user',
    why: 'self: the marketing profile is made from the caller’s own profile',
    other: self(200),
    owner: 200,
    prepare: async (w) => onOwner(w, { method: 'POST', path: '/api/klaviyo/update-profile' }),
  },
  klaviyoTrackEvent: {
    auth: 'user',
    why: 'self: a page view of the caller',
    other: self(204),
    owner: 204,
    prepare: async (w) =>
      onOwner(w, { method: 'POST', path: '/api/klaviyo/track-event', body: { pathname: '/s' } }),
  },
} satisfies Partial<Record<ApiRouteName, Case>>;
