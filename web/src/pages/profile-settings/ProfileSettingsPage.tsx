import { Link } from '@tanstack/react-router';
import { type ChangeEvent, useId, useMemo, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import type { CurrentUser } from '../../../../shared/api/account';
import { imageSettings } from '../../../../shared/config/constants';
import { messages } from '../../../../shared/errors/catalogue';
import { pages } from '../../../../shared/pages';
import { type ProfileValues, validateProfile } from '../../../../shared/validation/account';
import { validateImageFile } from '../../../../shared/validation/inputs';
import { listingMessages } from '../../../../shared/validation/messages';
import { createAvatarUpload, setAvatar, updateProfile } from '../../api/account';
import { errorMessage, submitErrors } from '../../api/errors';
import { setCurrentUser } from '../../auth/actions';
import { useCurrentUser } from '../../auth/store';
import { Avatar } from '../../components/Avatar';
import { ManageTabs } from '../../components/ManageTabs';
import { FormElement, FormError, SubmitButton, TextAreaField, TextField } from '../../forms/fields';
import { postFile } from '../../lib/upload';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import '../account/account-pages.css';

/**
 * Profile settings [auth] (§2): picture, first and last name, display name, bio. The picture goes
 * straight to storage: `POST /api/me/avatar-uploads` → POST the file to the URL it gives (with its
 * form fields) → `PUT /api/me/avatar` makes the square variants and answers with the new user.
 */
export const avatarErrorRules = {
  'request-upload-over-limit': messages.imageTooBig,
  'validation-invalid-value': listingMessages.imageTypeInvalid,
} as const;

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; progress: number }
  | { status: 'saving' }
  | { status: 'done' }
  | { status: 'error'; message: string };

function AvatarUploader({ user }: { user: CurrentUser }) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const busy = state.status === 'uploading' || state.status === 'saving';

  const upload = async (file: File) => {
    const invalid = validateImageFile({ type: file.type, size: file.size, name: file.name });
    if (invalid) {
      setState({ status: 'error', message: invalid });
      return;
    }
    setState({ status: 'uploading', progress: 0 });
    try {
      const target = await createAvatarUpload({ contentType: file.type, size: file.size });
      await postFile(target.url, target.fields, file, (progress) =>
        setState({ status: 'uploading', progress }),
      );
      setState({ status: 'saving' });
      setCurrentUser(await setAvatar(target.uploadId));
      setState({ status: 'done' });
    } catch (error) {
      setState({
        status: 'error',
        message: errorMessage(error, { codes: avatarErrorRules, fallback: messages.imageUploadFailed }),
      });
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Reset, so choosing the same file again still uploads it.
    event.target.value = '';
    if (file) void upload(file);
  };

  const percent = state.status === 'uploading' ? Math.round(state.progress * 100) : 0;
  return (
    <section className="avatar-uploader" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Profile picture</h2>
      <div className="avatar-uploader-body">
        <Avatar user={user} size="large" alt={user.profileImage ? 'Your profile picture' : ''} />
        <div>
          <label htmlFor={inputId} className="file-label">
            {user.profileImage ? 'Change your picture' : 'Add a picture'}
          </label>
          <p id={`${inputId}-hint`} className="field-hint">
            .JPG, .GIF or .PNG. Max. {imageSettings.maxUploadLabel}.
          </p>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={imageSettings.acceptedTypes.join(',')}
            onChange={onChange}
            disabled={busy}
            aria-describedby={`${inputId}-hint${state.status === 'error' ? ` ${inputId}-error` : ''}`}
          />
        </div>
      </div>
      <div role="status" className="upload-status">
        {state.status === 'uploading' ? (
          <>
            <label htmlFor={`${inputId}-progress`}>Uploading… {percent}%</label>
            <progress id={`${inputId}-progress`} max={100} value={percent} />
          </>
        ) : null}
        {state.status === 'saving' ? <p>Saving your picture…</p> : null}
        {state.status === 'done' ? (
          <p className="form-success">Your profile picture has been updated.</p>
        ) : null}
      </div>
      {state.status === 'error' ? (
        <p id={`${inputId}-error`} className="form-error" role="alert">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}

interface Values extends ProfileValues {
  displayName?: string;
}

function ProfileForm({ user }: { user: CurrentUser }) {
  const [saved, setSaved] = useState(false);
  const initialValues = useMemo<Values>(
    () => ({
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      displayName: user.displayName ?? '',
      bio: user.bio ?? '',
    }),
    [user.firstName, user.lastName, user.displayName, user.bio],
  );
  const onSubmit = async (values: Values) => {
    setSaved(false);
    try {
      const displayName = values.displayName?.trim();
      const updated = await updateProfile({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        ...(displayName ? { displayName } : {}),
        bio: values.bio?.trim() ?? '',
      });
      setCurrentUser(updated);
      setSaved(true);
      return undefined;
    } catch (error) {
      return submitErrors(error, { fields: ['firstName', 'lastName', 'displayName', 'bio'] });
    }
  };
  return (
    <Form<Values> onSubmit={onSubmit} validate={validateProfile} initialValues={initialValues}>
      {({ handleSubmit, submitting, submitError, pristine }) => (
        <FormElement onSubmit={handleSubmit} aria-labelledby="profile-details-title">
          <h2 id="profile-details-title">Your details</h2>
          <div className="field-row">
            <TextField name="firstName" label="First name" autoComplete="given-name" required />
            <TextField name="lastName" label="Last name" autoComplete="family-name" required />
          </div>
          <TextField
            name="displayName"
            label="Display name (optional)"
            autoComplete="nickname"
            hint="Shown on your profile and listings. Leave it empty to use your first name and the initial of your last name."
          />
          <TextAreaField
            name="bio"
            label="Bio (optional)"
            rows={6}
            hint="Tell other riders a little about yourself and your bikes."
          />
          <FormError error={submitError} />
          <div role="status" className="form-status">
            {saved && pristine ? <p className="form-success">Your profile has been updated.</p> : null}
          </div>
          <SubmitButton inProgress={submitting} progressLabel="Saving…" className="button button-primary">
            Save changes
          </SubmitButton>
        </FormElement>
      )}
    </Form>
  );
}

export function ProfileSettingsPage() {
  useDocumentTitle('Profile settings');
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <>
      <ManageTabs />
      <div className="page page-narrow profile-settings">
        <div className="section-header">
          <h1>Profile settings</h1>
          <Link to={pages.profile} params={{ id: user.id }}>
            View your profile
          </Link>
        </div>
        <AvatarUploader user={user} />
        <ProfileForm user={user} />
      </div>
    </>
  );
}
