import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import {
  type CurrentUser,
  defaultNotificationSettings,
  type NotificationSettings,
} from '../../../../../shared/api/account';
import { messages } from '../../../../../shared/errors/catalogue';
import { pages } from '../../../../../shared/pages';
import { formatPhoneNumber, parsePhoneNumber } from '../../../../../shared/text/phone';
import { type ContactDetailsValues, validateContactDetails } from '../../../../../shared/validation/account';
import { changeEmail, updateProfile } from '../../../api/account';
import { submitErrors } from '../../../api/errors';
import { setCurrentUser } from '../../../auth/actions';
import { useCurrentUser } from '../../../auth/store';
import { CheckboxField } from '../../../components/ChoiceFields';
import { FormElement, FormError, SubmitButton, TextField } from '../../../forms/fields';
import { PasswordField } from '../../../forms/PasswordField';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { ShippingAddressForm } from './ShippingAddressForm';

/**
 * Contact details [auth] (§2, §5): e-mail (changing it needs the current password, then the new
 * address is verified again) and phone number, formatted as typed and stored without spaces; the
 * saved shipping address; the e-mail notifications.
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
      Your email address is not verified yet. <Link to={pages.emailVerification}>Verify it</Link>
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
              <PasswordField
                name="currentPassword"
                label="Current password"
                autoComplete="current-password"
                hint="To change your email address, enter your current password."
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
                      <Link to={pages.emailVerification}>Verify your email</Link>
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

/** Saves the two flags (PATCH /api/me) and the answer as the current user; the form's errors on failure. */
export async function saveNotificationSettings(values: Partial<NotificationSettings>) {
  try {
    const updated = await updateProfile({
      notificationSettings: { messages: Boolean(values.messages), reminders: Boolean(values.reminders) },
    });
    setCurrentUser(updated);
  } catch (error) {
    return submitErrors(error, { fields: [] });
  }
  return undefined;
}

/**
 * E-mail notifications: message and reminder mails can be turned off; mails about the
 * orders themselves always go. Saved with PATCH /api/me `notificationSettings`.
 */
export function NotificationSettingsForm({ user }: { user: CurrentUser }) {
  const [saved, setSaved] = useState(false);
  const initialValues = useMemo<NotificationSettings>(
    () => ({ ...defaultNotificationSettings, ...user.notificationSettings }),
    [user.notificationSettings],
  );
  const onSubmit = async (values: NotificationSettings) => {
    setSaved(false);
    const errors = await saveNotificationSettings(values);
    if (!errors) setSaved(true);
    return errors;
  };
  return (
    <Form<NotificationSettings> onSubmit={onSubmit} initialValues={initialValues}>
      {({ handleSubmit, submitting, submitError, pristine }) => (
        <FormElement onSubmit={handleSubmit} aria-labelledby="notifications-title">
          <h2 id="notifications-title">E-mail notifications</h2>
          <p className="field-hint">
            We always e-mail you about your orders and sales (payments, shipping, cancellations, disputes).
          </p>
          <CheckboxField
            name="messages"
            label="New messages (at most one e-mail per conversation every 15 minutes)"
          />
          <CheckboxField
            name="reminders"
            label="Reminders (to ship a sale, or to report a problem with an order)"
          />
          <FormError error={submitError} />
          <div role="status" className="form-status">
            {saved && pristine ? (
              <p className="form-success">Your e-mail notifications have been saved.</p>
            ) : null}
          </div>
          <SubmitButton inProgress={submitting} progressLabel="Saving…" className="button button-primary">
            Save notifications
          </SubmitButton>
        </FormElement>
      )}
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
      {user ? <ShippingAddressForm user={user} /> : null}
      {user ? <NotificationSettingsForm user={user} /> : null}
    </>
  );
}
