import { siteName } from '../../shared/config/site';
import { escapeHtml } from '../../shared/text/html';

/**
 * The words of Cognito's code e-mails (written by the CustomMessage trigger,
 * cognito-triggers/custom-message.ts): what the code is for, how long it is valid and what to do
 * if it was not you. One template per purpose; Cognito puts the code where `codeParameter`
 * (`{####}`) stands, once.
 *
 * How long Cognito keeps a code valid is Cognito's, not a setting: codes that confirm a sign-up or
 * verify an address are valid for 24 hours, password-reset codes for 1 hour
 * (docs.aws.amazon.com/cognito/latest/developerguide/how-to-recover-a-user-account.html).
 */
export type CodePurpose =
  | 'verify-email'
  | 'claim-address'
  | 'confirm-new-email'
  | 'reset-password'
  | 'invitation';

export const codeValidity: Record<CodePurpose, string> = {
  'verify-email': '24 hours',
  'claim-address': '24 hours',
  'confirm-new-email': '24 hours',
  'reset-password': '1 hour',
  // AdminCreateUser's temporary password: the pool's default (7 days); we create users with the invitation suppressed.
  invitation: '7 days',
};

/** How many days an account whose address was never verified is kept (the clean-up of unverified accounts). */
export const unverifiedAccountDays = 7;

export interface CodeEmail {
  subject: string;
  /** The body Cognito sends (HTML), with the code placeholder exactly once. */
  html: string;
}

interface Words {
  subject: string;
  /** Paragraphs before the code line. */
  lead: string[];
  codeLine: string;
  /** Paragraphs after the code line: validity, and what to do if it was not you. */
  after: string[];
}

function words(purpose: CodePurpose, usernameParameter: string): Words {
  const valid = codeValidity[purpose];
  switch (purpose) {
    case 'verify-email':
      return {
        subject: `Verify your e-mail address for ${siteName}`,
        lead: [`Enter this code on ${siteName} to verify your e-mail address.`],
        codeLine: 'Your verification code is',
        after: [
          `The code is valid for ${valid}. If it has expired, send a new one from the e-mail verification page.`,
          `If you did not sign up for ${siteName}, ignore this e-mail: nobody can verify this address without the code, and an account whose address is never verified is removed after ${unverifiedAccountDays} days.`,
        ],
      };
    case 'claim-address':
      // Someone signed up with an address whose account was never verified (sign-up.ts).
      return {
        subject: `Verify your e-mail address for ${siteName}`,
        lead: [
          `Someone tried to sign up on ${siteName} with this address. It already has an account, which was never verified. If that account is yours, log in and enter this code on the e-mail verification page.`,
        ],
        codeLine: 'Your verification code is',
        after: [
          `The code is valid for ${valid}.`,
          `If you did not make that account, ignore this e-mail: an account whose address is never verified is removed ${unverifiedAccountDays} days after it was made, and you can then sign up with this address.`,
        ],
      };
    case 'confirm-new-email':
      return {
        subject: `Confirm your new e-mail address for ${siteName}`,
        lead: [
          `You asked to use this address for your ${siteName} account. Enter this code on the e-mail verification page to confirm it.`,
        ],
        codeLine: 'Your confirmation code is',
        after: [
          `The code is valid for ${valid}. Until you confirm, you sign in with your previous address.`,
          `If you did not ask for this, ignore this e-mail: without the code this address is not added to any account.`,
        ],
      };
    case 'reset-password':
      return {
        subject: `Reset your ${siteName} password`,
        lead: [
          `Someone asked to reset the password of the ${siteName} account with this address. Enter this code on the password reset page, with your new password.`,
        ],
        codeLine: 'Your password reset code is',
        after: [
          `The code is valid for ${valid}. Never share it: with it, anyone can set a new password for your account.`,
          'If you did not ask for a new password, ignore this e-mail: your password stays as it is.',
        ],
      };
    case 'invitation':
      return {
        subject: `Your ${siteName} account`,
        lead: [
          `An account was made for you on ${siteName}. Sign in as ${usernameParameter} with this temporary password, then choose your own.`,
        ],
        codeLine: 'Your temporary password is',
        after: [
          `The temporary password is valid for ${valid}.`,
          `If you did not expect this account, ignore this e-mail.`,
        ],
      };
  }
}

/**
 * The e-mail of a code for this purpose. `codeParameter` is Cognito's placeholder, left as it is
 * (Cognito replaces it); the recipient's first name, when known, is escaped.
 */
export function codeEmail(
  purpose: CodePurpose,
  { codeParameter, usernameParameter = '{username}', firstName }: CodeEmailInput,
): CodeEmail {
  const w = words(purpose, usernameParameter);
  const name = firstName?.trim();
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    paragraph(greeting),
    ...w.lead.map(paragraph),
    `<p>${escapeHtml(w.codeLine)} <strong style="font-size:1.25em;letter-spacing:0.1em">${codeParameter}</strong></p>`,
    ...w.after.map(paragraph),
    paragraph(`The ${siteName} team`),
    '</body></html>',
  ].join('');
  return { subject: w.subject, html };
}

export interface CodeEmailInput {
  /** Cognito's placeholder for the code (`{####}`). */
  codeParameter: string;
  /** Cognito's placeholder for the username (AdminCreateUser's invitation only). */
  usernameParameter?: string;
  firstName?: string;
}
