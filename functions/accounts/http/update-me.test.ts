import { describe, expect, it } from 'vitest';
import { notificationSettingsOf, toCurrentUser, type UserRecord } from '../user-record';
import { notificationSettingsChange } from './update-me';

describe('notification settings', () => {
  it('PATCH /api/me: one or both booleans; anything else is a field error', () => {
    expect(notificationSettingsChange(undefined)).toEqual({ errors: {} });
    expect(notificationSettingsChange({ messages: false })).toEqual({
      change: { messages: false },
      errors: {},
    });
    expect(notificationSettingsChange({ messages: true, reminders: false })).toEqual({
      change: { messages: true, reminders: false },
      errors: {},
    });
    for (const bad of [null, true, 'off', [], {}, { messages: 'no' }, { reminders: 1 }, { orders: false }]) {
      expect(notificationSettingsChange(bad).errors).toHaveProperty('notificationSettings');
    }
  });

  it('defaults: both on when absent; stored values win', () => {
    expect(notificationSettingsOf({})).toEqual({ messages: true, reminders: true });
    expect(notificationSettingsOf({ notificationSettings: { reminders: false } })).toEqual({
      messages: true,
      reminders: false,
    });
    const record = {
      id: 'u1',
      email: 'u1@velo.test',
      emailVerified: true,
      firstName: 'U',
      lastName: 'One',
      displayName: 'U O',
      createdAt: '2026-11-22T10:00:00.000Z',
      notificationSettings: { messages: false },
    } as UserRecord;
    expect(toCurrentUser(record).notificationSettings).toEqual({ messages: false, reminders: true });
  });
});
