import { type ReactNode, useEffect, useState } from 'react';
import { limits } from '../../../shared/config/constants';
import { commonPasswordCheck, loadCommonPasswordCheck } from './common-password-check';
import { FieldFrame, useFieldMessage } from './fields';

/**
 * Password fields (issue 25). Each has a "Show password" button beside the input that shows what was
 * typed as text (a phone's keyboard makes typos easy, and a hidden password cannot be checked
 * before sending). Its name says what it will do next ("Hide password" once shown) and names the
 * field ("Show current password"), so two on one page are told apart; the field's name is in its
 * text, not an aria-label, so the input stays the only thing labelled "Password".
 */
interface PasswordFieldProps {
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: ReactNode;
  /** A field-level check, which may answer with a promise (the lazily loaded common-password check). */
  validate?: (value: unknown) => string | undefined | Promise<string | undefined>;
}

export function PasswordField({ name, label, autoComplete, hint, validate }: PasswordFieldProps) {
  const { input, message } = useFieldMessage(name, validate ? { validate } : {});
  const [shown, setShown] = useState(false);
  const what = label.toLowerCase();
  return (
    <FieldFrame
      label={label}
      hint={hint}
      message={message}
      control={(ids) => (
        <div className="password-input">
          <input
            {...input}
            {...ids}
            value={input.value ?? ''}
            type={shown ? 'text' : 'password'}
            autoComplete={autoComplete}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            aria-required
          />
          <button
            type="button"
            className="password-toggle"
            aria-controls={ids.id}
            onClick={() => setShown((value) => !value)}
          >
            {shown ? 'Hide' : 'Show'}
            <span className="visually-hidden"> {what}</span>
          </button>
        </div>
      )}
    />
  );
}

/**
 * A field that sets a password: the browser may suggest one, the hint states the spec's rule
 * (8–256), and a common password is refused under the field with the API's message. The check is
 * fetched as soon as the field renders (a lazy chunk: only pages with this field load it), so it is
 * usually there before the first character is typed.
 */
export function NewPasswordField({
  name = 'newPassword',
  label = 'New password',
}: {
  name?: string;
  label?: string;
}) {
  useEffect(() => {
    void loadCommonPasswordCheck();
  }, []);
  return (
    <PasswordField
      name={name}
      label={label}
      autoComplete="new-password"
      hint={`At least ${limits.passwordMinLength} characters. Not one of the most common passwords.`}
      validate={commonPasswordCheck}
    />
  );
}
