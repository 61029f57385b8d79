import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import type { CurrentUser } from '../../../shared/api/account';
import { messages } from '../../../shared/errors/catalogue';
import { formatPhoneNumber, parsePhoneNumber } from '../../../shared/text/phone';
import { type ContactDetailsValues, validateContactDetails } from '../../../shared/validation/account';
import { changeEmail, updateProfile } from '../api/account';
import { submitErrors } from '../api/errors';
import { setCurrentUser } from '../auth/actions';
import { useCurrentUser } from '../auth/store';
import { FormElement, FormError, SubmitButton, TextField } from '../forms/fields';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/**
 * Contact details [auth] (§2, §5): e-mail (changing it needs the current password, then the new
 * address is verified again) and phone number, formatted as typed and stored without spaces.
 */
export const contactDetailsErrorRules = {
  'email-taken': { field: 'email', message: messages.changeEmailTaken },
  'validation-invalid-value': { field: 'currentPassword', message: messages.wrongPassword },
} as const;

type Values = Omit<ContactDetailsValues, 'currentEmail'>;

function EmailStatus({ user }: { user: CurrentUser }) {
  if (user.emailVerified) return <>Your email address is verified.</>;
  return (
    <>
      Your email address is not verified yet. <Link to="/verify-email">Verify it</Link>
    </>
  );
}

function ContactDetailsForm({ user }: { user: CurrentUser }) {
  const [saved, setSaved] = useState<{ emailChangedTo?: string } | null>(null);
  const initialValues = useMemo<Values>(
    () => ({ email: user.email, phoneNumber: user.phoneNumber ?? '', currentPassword: '' }),
    [user.email, user.phoneNumber],
  );
  const onSubmit = async (values: Values) => {
    setSaved(null);
    const email = values.email.trim();
    const emailChanged = email !== user.email;
    const phoneNumber = parsePhoneNumber(values.phoneNumber);
    const phoneChanged = phoneNumber !== (user.phoneNumber ?? '');
    let updated = user;
    try {
      if (emailChanged) updated = await changeEmail({ email, currentPassword: values.currentPassword ?? '' });
      if (phoneChanged) updated = await updateProfile({ phoneNumber });
    } catch (error) {
      if (updated !== user) setCurrentUser(updated);
      return submitErrors(error, {
        fields: ['email', 'currentPassword', 'phoneNumber'],
        codes: contactDetailsErrorRules,
      });
    }
    setCurrentUser(updated);
    setSaved(emailChanged ? { emailChangedTo: email } : {});
    return undefined;
  };
  return (
    <Form<Values>
      onSubmit={onSubmit}
      validate={(values) => validateContactDetails({ ...values, currentEmail: user.email })}
      initialValues={initialValues}
    >
      {({ handleSubmit, submitting, submitError, values, pristine }) => {
        const emailChanged = (values.email ?? '').trim() !== user.email;
        return (
          <FormElement onSubmit={handleSubmit} aria-labelledby="contact-title">
            <TextField
              name="email"
              label="Email address"
              type="email"
              autoComplete="email"
              inputMode="email"
              hint={<EmailStatus user={user} />}
              required
            />
            {emailChanged ? (
              <TextField
                name="currentPassword"
                label="Current password"
                type="password"
                autoComplete="current-password"
                hint="To change your email address, enter your current password."
                required
              />
            ) : null}
            <TextField
              name="phoneNumber"
              label="Phone number (optional)"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              format={formatPhoneNumber}
              parse={parsePhoneNumber}
              hint="Shared only with the people you buy from or sell to."
            />
            <FormError error={submitError} />
            <div role="status" className="form-status">
              {saved && pristine ? (
                <p className="form-success">
                  Your contact details have been saved.
                  {saved.emailChangedTo ? (
                    <>
                      {' '}
                      We sent a verification code to <strong>{saved.emailChangedTo}</strong>.{' '}
                      <Link to="/verify-email">Verify your email</Link>
                    </>
                  ) : null}
                </p>
              ) : null}
            </div>
            <SubmitButton inProgress={submitting} progressLabel="Saving…" className="button button-primary">
              Save changes
            </SubmitButton>
          </FormElement>
        );
      }}
    </Form>
  );
}

export function ContactDetailsPage() {
  useDocumentTitle('Contact details');
  const user = useCurrentUser();
  return (
    <>
      <h1 id="contact-title">Contact details</h1>
      {user ? <ContactDetailsForm user={user} /> : null}
    </>
  );
}
