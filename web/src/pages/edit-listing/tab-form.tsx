import { useState } from 'react';
import { ApiError } from '../../api/client';
import { FORM_ERROR, type SubmitErrorOptions, type SubmitErrors, submitErrors } from '../../api/errors';
import { FormError, SubmitButton } from '../../forms/fields';
import type { EditListingTabProps } from './tab-props';
import { submitLabel } from './wizard';

/**
 * What the wizard's tab forms share: the submission errors of a failed save (the server's field
 * messages on the tab's fields, under the tab's own field names), what happens after a save (the
 * next tab while creating, a "saved" notice when editing), and the form's footer.
 */

/**
 * The submission errors of a failed save. `fields` are the form's field names; `rename` maps the
 * API's field names (`meta.fields`) to the form's (e.g. the API's `location` is the form's
 * `pickupLocation`).
 */
export function tabSubmitErrors(
  error: unknown,
  fields: readonly string[],
  rename: Record<string, string> = {},
  options: Omit<SubmitErrorOptions, 'fields'> = {},
): SubmitErrors {
  if (error instanceof ApiError && error.body && Object.keys(rename).length) {
    const apiFields = error.firstError?.meta?.fields;
    if (typeof apiFields === 'object' && apiFields !== null) {
      const renamed = Object.fromEntries(
        Object.entries(apiFields).map(([field, message]) => [rename[field] ?? field, message]),
      );
      const [first, ...rest] = error.body.errors;
      const body = {
        errors: [{ ...first!, meta: { ...first?.meta, fields: renamed } }, ...rest],
      };
      return submitErrors(new ApiError(error.status, body, error.message), { ...options, fields });
    }
  }
  return submitErrors(error, { ...options, fields });
}

export { FORM_ERROR };

/**
 * After a tab saved: while creating, on to the next tab; when editing, stay and say it was saved
 * (`saved` is true until the form changes again).
 */
export function useAfterSave({ type, goToNextTab }: Pick<EditListingTabProps, 'type' | 'goToNextTab'>) {
  const [saved, setSaved] = useState(false);
  return {
    saved,
    /** Call when a submit starts. */
    reset: () => setSaved(false),
    done: () => {
      if (type === 'edit') setSaved(true);
      else goToNextTab();
    },
  };
}

/** The end of a tab's form: the save's error, the saved notice, and the Next / Save changes button. */
export function TabFormFooter({
  type,
  submitting,
  submitError,
  saved,
}: {
  type: EditListingTabProps['type'];
  submitting: boolean | undefined;
  submitError: unknown;
  saved: boolean;
}) {
  return (
    <div className="edit-listing-footer">
      <FormError error={submitError} />
      <div role="status" className="form-status">
        {saved ? <p className="form-success">Your changes have been saved.</p> : null}
      </div>
      <SubmitButton inProgress={submitting} progressLabel="Saving…" className="button button-primary">
        {submitLabel(type)}
      </SubmitButton>
    </div>
  );
}
