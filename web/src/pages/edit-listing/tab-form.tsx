import type { FormApi, ValidationErrors } from 'final-form';
import { type ReactNode, useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { ApiRequestError } from '../../api/client';
import { FORM_ERROR, type SubmitErrorOptions, type SubmitErrors, submitErrors } from '../../api/errors';
import type { OwnListing, OwnListingChanges } from '../../api/own-listings';
import { FormElement, FormError, SubmitButton } from '../../forms/fields';
import type { EditListingTabProps } from './tab-props';
import { submitLabel } from './wizard';

/**
 * What the wizard's tab forms share: the submission errors of a failed save (the server's field
 * messages on the tab's fields, under the tab's own field names), what happens after a save (the
 * next tab while creating, a "saved" notice when editing), and the form around the tab's fields
 * (TabForm).
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
  if (error instanceof ApiRequestError && error.body && Object.keys(rename).length) {
    const apiFields = error.firstError?.meta?.fields;
    if (typeof apiFields === 'object' && apiFields !== null) {
      const renamed = Object.fromEntries(
        Object.entries(apiFields).map(([field, message]) => [rename[field] ?? field, message]),
      );
      const [first, ...rest] = error.body.errors;
      const body = {
        errors: [{ ...first!, meta: { ...first?.meta, fields: renamed } }, ...rest],
      };
      return submitErrors(new ApiRequestError(error.status, body, error.message), { ...options, fields });
    }
  }
  return submitErrors(error, { ...options, fields });
}

export { FORM_ERROR };

/** Sends a tab's changes; resolves with the submission errors of a failed save, undefined when saved. */
export async function saveTabChanges(
  save: EditListingTabProps['save'],
  changes: OwnListingChanges,
  fields: readonly string[],
  rename: Record<string, string> = {},
): Promise<SubmitErrors | undefined> {
  try {
    await save(changes);
  } catch (error) {
    return tabSubmitErrors(error, fields, rename);
  }
  return undefined;
}

/**
 * After a tab saved: while creating, on to the next tab; when editing, stay and say it was saved
 * (`saved` is true until the form changes again).
 */
function useAfterSave({ type, goToNextTab }: Pick<EditListingTabProps, 'type' | 'goToNextTab'>) {
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

/** How a tab saves: its changes with the form's field names (the usual), or its own save. */
type TabSave<Values> =
  | {
      /** The listing's changes of the form's values, sent with the tab's `save`. */
      toChanges: (values: Values) => OwnListingChanges;
      /** The form's field names (a failed save's field messages go on these). */
      fields: readonly string[];
      /** The API's field names → the form's (see tabSubmitErrors). */
      rename?: Record<string, string>;
      onSave?: never;
    }
  | {
      /** Saves the values; resolves with the submission errors of a failed save, undefined when saved. */
      onSave: (values: Values, form: FormApi<Values>) => Promise<SubmitErrors | undefined>;
      toChanges?: never;
      fields?: never;
      rename?: never;
    };

/**
 * A wizard tab's form: the values of the listing (`initialValues` of the tab's listing, kept while
 * the user types when the listing changes), the tab's fields (`children`, or a function of the
 * current values), then the save's error, the saved notice and the Next / Save changes button. A
 * submit focuses the first invalid field; a save moves on to the next tab while creating, or says
 * it was saved when editing.
 */
export function TabForm<Values extends object>({
  tab: { listing, type, save, goToNextTab },
  initialValues: initialValuesOf,
  validate,
  children,
  ...how
}: {
  tab: EditListingTabProps;
  initialValues: (listing: OwnListing | undefined) => Values;
  validate?: (values: Values) => ValidationErrors;
  children: ReactNode | ((values: Values) => ReactNode);
} & TabSave<Values>) {
  const initialValues = useMemo(() => initialValuesOf(listing), [initialValuesOf, listing]);
  const after = useAfterSave({ type, goToNextTab });
  const onSubmit = async (values: Values, form: FormApi<Values>) => {
    after.reset();
    const errors = how.onSave
      ? await how.onSave(values, form)
      : await saveTabChanges(save, how.toChanges(values), how.fields, how.rename);
    if (!errors) after.done();
    return errors;
  };
  return (
    <Form<Values>
      onSubmit={onSubmit}
      validate={validate}
      initialValues={initialValues}
      keepDirtyOnReinitialize
    >
      {({ handleSubmit, submitting, submitError, pristine, values }) => (
        <FormElement onSubmit={handleSubmit} aria-labelledby="edit-listing-tab-title">
          {typeof children === 'function' ? children(values) : children}
          <div className="edit-listing-footer">
            <FormError error={submitError} />
            <div role="status" className="form-status">
              {after.saved && pristine ? <p className="form-success">Your changes have been saved.</p> : null}
            </div>
            <SubmitButton inProgress={submitting} progressLabel="Saving…" className="button button-primary">
              {submitLabel(type)}
            </SubmitButton>
          </div>
        </FormElement>
      )}
    </Form>
  );
}
