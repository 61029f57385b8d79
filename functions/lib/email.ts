import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { requiredEnv } from './aws';
import { traced } from './tracing';

let client: SESv2Client | undefined;

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends a transactional e-mail through SES (the local outbox answers the same API). */
export async function sendEmail(email: Email): Promise<string> {
  client ??= traced(new SESv2Client({}));
  const result = await client.send(
    new SendEmailCommand({
      FromEmailAddress: requiredEnv('EMAIL_FROM'),
      Destination: { ToAddresses: [email.to] },
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: email.text, Charset: 'UTF-8' },
            ...(email.html ? { Html: { Data: email.html, Charset: 'UTF-8' } } : {}),
          },
        },
      },
    }),
  );
  if (!result.MessageId) throw new Error('SES accepted no message');
  return result.MessageId;
}
