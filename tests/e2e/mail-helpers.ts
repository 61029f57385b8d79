import { type APIRequestContext, expect } from '@playwright/test';
import type { OutboxMessage } from '../../infra/local/outbox';

/** The local cloud's dev outbox (the SES stand-in), read over `/_dev/outbox.json`. */
export async function outbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  const response = await request.get('/_dev/outbox.json');
  return ((await response.json()) as { data: OutboxMessage[] }).data;
}

/** The mails to `email` whose subject is `subject` (or matches it: subjects may carry a date). */
export function mailsTo(messages: OutboxMessage[], email: string, subject: string | RegExp): OutboxMessage[] {
  const address = email.toLowerCase();
  const matches = (text: string) => (typeof subject === 'string' ? text === subject : subject.test(text));
  return messages.filter((m) => matches(m.subject) && m.to.some((to) => to.toLowerCase() === address));
}

/**
 * Waits until exactly one mail with this subject has reached `email` and its text holds every
 * `containing` string (the order link, a tracking number); answers it. The stream consumer sends a
 * moment after the action that caused the mail, and reminders when the sweeper finds them due.
 */
export async function expectMail(
  request: APIRequestContext,
  email: string,
  subject: string | RegExp,
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

/**
 * The code of the newest e-mail to `email` that is not in `seen`. The local cloud stores cognito-local's
 * e-mails as it prints them, a moment after the API call that caused them, so the newest message
 * counts only once nothing newer has come for a second. Every message to the address is then
 * marked as seen, so the next call waits for a new one.
 */
export async function codeFor(request: APIRequestContext, email: string, seen: Set<string>): Promise<string> {
  const id = (m: OutboxMessage) => m.sentAt + m.text;
  let candidate: { id: string; since: number } | undefined;
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mine = (await outbox(request)).filter((m) =>
          m.to.some((to) => to.toLowerCase() === email.toLowerCase()),
        );
        const newest = mine.find((m) => !seen.has(id(m)));
        if (!newest) return undefined;
        if (candidate?.id !== id(newest)) candidate = { id: id(newest), since: Date.now() };
        if (Date.now() - candidate.since < 1000) return undefined;
        for (const m of mine) seen.add(id(m));
        code = /code is (\d+)/.exec(newest.text)?.[1];
        return code;
      },
      { message: `a code e-mailed to ${email}`, timeout: 20_000, intervals: [250] },
    )
    .toBeTruthy();
  return code!;
}
