import { type APIRequestContext, expect } from '@playwright/test';
import type { OutboxMessage } from '../../infra/local/outbox';

/** The local cloud's dev outbox (the SES stand-in), read over `/_dev/outbox.json`. */
export async function outbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  const response = await request.get('/_dev/outbox.json');
  return ((await response.json()) as { data: OutboxMessage[] }).data;
}

export function mailsTo(messages: OutboxMessage[], email: string, subject: string): OutboxMessage[] {
  const address = email.toLowerCase();
  return messages.filter((m) => m.subject === subject && m.to.some((to) => to.toLowerCase() === address));
}

/**
 * Waits until exactly one mail with this subject has reached `email` and its text holds every
 * `containing` string (the order link, a tracking number); answers it. The stream consumer sends a
 * moment after the action that caused the mail, and reminders when the sweeper finds them due.
 */
export async function expectMail(
  request: APIRequestContext,
  email: string,
  subject: string,
  containing: string[] = [],
  timeout = 20_000,
): Promise<OutboxMessage> {
  let found: OutboxMessage[] = [];
  await expect
    .poll(
      async () => {
        found = mailsTo(await outbox(request), email, subject);
        return found.length;
      },
      { message: `"${subject}" to ${email}`, timeout, intervals: [250, 500] },
    )
    .toBeGreaterThan(0);
  expect(found, `one "${subject}" to ${email}`).toHaveLength(1);
  for (const text of containing) expect(found[0]!.text).toContain(text);
  return found[0]!;
}
