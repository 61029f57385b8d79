import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { DAY_MS, orderWindows } from '../../../../../shared/config/constants';
import { disputeReasons } from '../../../../../shared/config/disputes';
import { validateDispute } from '../../../../../shared/validation/disputes';
import { deadlineDayText } from '../../../components/DateLabel';
import { FieldFrame } from '../../../forms/fields';
import { ActionButton, ActionError } from './action-parts';
import type { ActionsState } from './actions-state';
import type { DisputeProps } from './Dispute';
import {
  acceptedPhotos,
  type DisputePhotoDraft,
  photoUploadFailed,
  uploadDisputePhoto,
} from './dispute-photos';

type DisputeErrors = NonNullable<ActionsState['disputeErrors']>;
const fieldIds: Record<keyof DisputeErrors, string> = {
  disputeReason: `tx-dispute-reason-${disputeReasons[0].id}`,
  disputeDetails: 'tx-dispute-details',
  disputePhotos: 'tx-dispute-photos',
};

/** The form's messages, by the request's field names (the photo count is `disputePhotos`). */
function formErrors(state: ActionsState): DisputeErrors {
  const { photoCount, ...errors } = validateDispute({
    disputeReason: state.disputeReason,
    disputeDetails: state.disputeDetails,
    photoCount: state.disputePhotos.length,
  });
  return { ...errors, ...(photoCount ? { disputePhotos: photoCount } : {}) };
}

/**
 * Report a problem (issue 25): the reason from the list, details (required for "Something else"),
 * up to six JPEG or PNG photos uploaded as they are picked, and what happens next with its date.
 */
export default function DisputeForm({ action, state, update, updateWith, onRun, transaction }: DisputeProps) {
  const busy = state.pending !== null;
  const errors = state.disputeErrors ?? {};
  const uploading = state.disputePhotos.some((photo) => photo.status === 'uploading');
  const [photoMessage, setPhotoMessage] = useState<string>();
  const [invalidSubmits, setInvalidSubmits] = useState(0);
  const legendId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const decideBy = deadlineDayText(new Date(Date.now() + orderWindows.disputeAutoCancelDays * DAY_MS));

  useEffect(() => {
    document.getElementById(fieldIds.disputeReason)?.focus();
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus the first field with a message on each invalid submit
  useEffect(() => {
    const first = (Object.keys(fieldIds) as (keyof DisputeErrors)[]).find((field) => errors[field]);
    if (invalidSubmits && first) document.getElementById(fieldIds[first])?.focus();
  }, [invalidSubmits]);

  const clear = (field: keyof DisputeErrors) =>
    errors[field] ? { disputeErrors: { ...errors, [field]: undefined } } : {};

  const changePhoto = (key: string, patch: Partial<DisputePhotoDraft>) =>
    updateWith((current) => ({
      disputePhotos: current.disputePhotos.map((photo) =>
        photo.key === key ? { ...photo, ...patch } : photo,
      ),
    }));

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const { accepted, message } = acceptedPhotos(state.disputePhotos, [...(event.target.files ?? [])]);
    event.target.value = '';
    setPhotoMessage(message);
    const drafts = accepted.map((file) => ({
      file,
      draft: {
        key: crypto.randomUUID(),
        name: file.name,
        previewUrl: URL.createObjectURL(file),
        status: 'uploading' as const,
      },
    }));
    update({
      disputePhotos: [...state.disputePhotos, ...drafts.map(({ draft }) => draft)],
      ...clear('disputePhotos'),
    });
    for (const { file, draft } of drafts) {
      uploadDisputePhoto(transaction.id, file).then(
        (uploadId) => changePhoto(draft.key, { status: 'ready', uploadId }),
        () => changePhoto(draft.key, { status: 'failed' }),
      );
    }
  };

  const remove = (photo: DisputePhotoDraft) => {
    URL.revokeObjectURL(photo.previewUrl);
    updateWith((current) => ({ disputePhotos: current.disputePhotos.filter((p) => p.key !== photo.key) }));
    fileInput.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = formErrors(state);
    const failed = state.disputePhotos.some((photo) => photo.status === 'failed');
    if (uploading) found.disputePhotos ??= 'Please wait until the photos are uploaded.';
    if (failed) found.disputePhotos ??= `${photoUploadFailed} Remove the photo that failed.`;
    if (Object.values(found).some(Boolean)) {
      update({ disputeErrors: found, error: null });
      setInvalidSubmits((n) => n + 1);
      return;
    }
    onRun(action);
  };

  return (
    <form className="form tx-dispute-form" onSubmit={submit} noValidate aria-label={action.label}>
      <fieldset
        className="field tx-dispute-reasons"
        aria-describedby={errors.disputeReason ? `${legendId}-error` : undefined}
      >
        <legend id={legendId}>What went wrong?</legend>
        {disputeReasons.map((reason) => (
          <label key={reason.id} className="radio-option" htmlFor={`tx-dispute-reason-${reason.id}`}>
            <input
              id={`tx-dispute-reason-${reason.id}`}
              type="radio"
              name="disputeReason"
              value={reason.id}
              checked={state.disputeReason === reason.id}
              aria-invalid={errors.disputeReason ? true : undefined}
              onChange={() => update({ disputeReason: reason.id, ...clear('disputeReason') })}
            />
            {reason.label}
          </label>
        ))}
        {errors.disputeReason ? (
          <p id={`${legendId}-error`} className="field-error">
            {errors.disputeReason}
          </p>
        ) : null}
      </fieldset>
      <FieldFrame
        id={fieldIds.disputeDetails}
        label={state.disputeReason === 'other' ? 'Details' : 'Details (optional)'}
        hint="Tell the marketplace what is wrong, so it can decide."
        message={errors.disputeDetails}
        control={(ids) => (
          <textarea
            {...ids}
            name="disputeDetails"
            rows={4}
            value={state.disputeDetails}
            aria-required={state.disputeReason === 'other' ? true : undefined}
            onChange={(event) => update({ disputeDetails: event.target.value, ...clear('disputeDetails') })}
          />
        )}
      />
      <FieldFrame
        id={fieldIds.disputePhotos}
        label="Photos (optional)"
        hint="Up to 6 photos of the problem, JPG or PNG, at most 20 MB each. Only the seller and the marketplace see them."
        message={errors.disputePhotos ?? photoMessage}
        control={(ids) => (
          <input
            {...ids}
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png"
            multiple
            disabled={busy || state.disputePhotos.length >= 6}
            onChange={pick}
          />
        )}
      />
      {state.disputePhotos.length ? (
        <ul className="tx-dispute-photos" aria-label="Your photos">
          {state.disputePhotos.map((photo, index) => (
            <li key={photo.key} aria-busy={photo.status === 'uploading'}>
              <img src={photo.previewUrl} alt={`${index + 1}: ${photo.name}`} />
              <span className="tx-dispute-photo-status">
                {photo.status === 'uploading'
                  ? 'Uploading…'
                  : photo.status === 'failed'
                    ? 'Upload failed'
                    : 'Uploaded'}
              </span>
              <button type="button" className="link-button" disabled={busy} onClick={() => remove(photo)}>
                Remove<span className="visually-hidden"> photo {index + 1}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="tx-dispute-next">
        <h3>What happens next</h3>
        <p>
          The seller is not paid while the marketplace looks at the problem. The marketplace decides: a full
          refund to you, or the payment to the seller. If it has not decided by {decideBy}, the order is
          canceled and you are refunded in full.
        </p>
      </div>
      <ActionError error={state.error} kind="dispute" />
      <div className="tx-action-buttons">
        <ActionButton
          action={action}
          pending={state.pending}
          type="submit"
          className="button button-primary"
        />
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => update({ disputeOpen: false, disputeErrors: null, error: null })}
        >
          Back
        </button>
      </div>
    </form>
  );
}
