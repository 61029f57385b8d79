import {
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { callCognito, cognito, isCognitoError, userPoolId } from '../lib/cognito';
import { log } from '../lib/logger';
import { codePurposeMetadata } from './cognito-triggers/custom-message';
import { getUser } from './repository';
import { sendVerificationEmail } from './verification-emails';

/**
 * A sign-up found its address taken (issue 25: "an address taken by someone who never verified it
 * can be claimed by its owner"). When the account holding it never verified it (and is neither
 * banned nor deleted), a new verification code goes to the address, counted with that account's
 * verification e-mails (5 a day, so a sign-up cannot mail someone without limit), in words for the
 * case (code-emails.ts `claim-address`): whoever made the account logs in and verifies it; anyone
 * else waits for it to be removed (unverified-accounts.ts) and signs up then. The sign-up answers
 * email-taken either way, as before, so it tells nobody more about the account than it did.
 *
 * The code comes from AdminUpdateUserAttributes setting the address it already has (the only
 * Cognito call that sends an attribute code without the user's own token), with client metadata
 * that tells the CustomMessage trigger what it is for. Best effort: a failure is logged, never the
 * sign-up's answer. Answers whether a code went.
 */
export async function offerAddressClaim(email: string, now = new Date()): Promise<boolean> {
  try {
    const user = await callCognito((client) =>
      client.send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: email })),
    );
    const attribute = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value;
    if (user.Enabled === false || attribute('email_verified') === 'true') return false;
    const sub = attribute('sub');
    const profile = sub ? await getUser(sub) : undefined;
    if (!profile || profile.emailVerified || profile.banned || profile.deleted) return false;
    await sendVerificationEmail(
      profile.id,
      () =>
        cognito().send(
          new AdminUpdateUserAttributesCommand({
            UserPoolId: userPoolId(),
            Username: email,
            UserAttributes: [{ Name: 'email', Value: email }],
            ClientMetadata: { [codePurposeMetadata]: 'claim-address' },
          }),
        ),
      now,
    );
    return true;
  } catch (error) {
    if (!isCognitoError(error, 'UserNotFoundException'))
      log.warn('no code sent to an address taken by an unverified account', { error });
    return false;
  }
}
