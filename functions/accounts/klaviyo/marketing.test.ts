import { describe, expect, it } from 'vitest';
import { isTrackablePathname } from '../../../shared/validation/marketing';
import type { UserRecord } from '../user-record';
import { marketingProfileOf, pageViewEvent } from './marketing';

const user = {
  PK: 'USER#u1',
  SK: 'PROFILE',
  entity: 'user',
  id: 'u1',
  email: 'ada@example.com',
  emailVerified: false,
  firstName: 'Ada',
  lastName: 'Rider',
  displayName: 'Ada R',
  createdAt: '2026-01-01T00:00:00.000Z',
} satisfies UserRecord;

describe('marketing profile', () => {
  it('has e-mail, names and our user id as external id', () => {
    expect(marketingProfileOf(user)).toEqual({
      externalId: 'u1',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Rider',
    });
  });

  it('sends the phone number only in E.164, and the stored Klaviyo id', () => {
    expect(marketingProfileOf({ ...user, phoneNumber: '+358401234567', klaviyoId: 'K1' })).toMatchObject({
      phoneNumber: '+358401234567',
      klaviyoId: 'K1',
    });
    for (const phoneNumber of ['0401234567', '+0401234567', '+1-555-0100', '+12'])
      expect(marketingProfileOf({ ...user, phoneNumber }).phoneNumber, phoneNumber).toBeUndefined();
  });
});

describe('page view events', () => {
  it('are viewPage_{pathname} with value 1 on the e-mail', () => {
    expect(pageViewEvent('ada@example.com', '/s')).toEqual({
      email: 'ada@example.com',
      metric: 'viewPage_/s',
      properties: { value: 1 },
    });
  });

  it('accept pathnames that start with / and have at most 200 characters and no whitespace', () => {
    for (const pathname of ['/', '/s', '/l/trek-domane/abc-123', `/${'a'.repeat(199)}`, '/p/%20x'])
      expect(isTrackablePathname(pathname), pathname).toBe(true);
    for (const pathname of [
      '',
      's',
      'https://x.example/',
      `/${'a'.repeat(200)}`,
      '/a b',
      '/a\tb',
      '/a\nb',
      '/\u0000',
    ])
      expect(isTrackablePathname(pathname), JSON.stringify(pathname)).toBe(false);
    for (const value of [undefined, null, 1, ['/s'], { pathname: '/s' }])
      expect(isTrackablePathname(value)).toBe(false);
  });
});
