import { useMemo } from 'react';
import { Form } from 'react-final-form';
import { type PoliciesValues, validatePolicies } from '../../../../shared/validation/listing';
import type { OwnListing } from '../../api/own-listings';
import { FormElement, TextAreaField } from '../../forms/fields';
import { TabFormFooter, tabSubmitErrors, useAfterSave } from './tab-form';
import type { EditListingTabProps } from './tab-props';

type Values = Required<PoliciesValues>;

export function policiesInitialValues(listing: OwnListing | undefined): Values {
  return { rules: listing?.publicData.rules ?? '', disclaimer: listing?.publicData.disclaimer ?? '' };
}

/** The policies tab (§2): the seller's rules and disclaimer, both optional (at most 5000 characters). */
export function PoliciesTab({ listing, type, save, goToNextTab }: EditListingTabProps) {
  const initialValues = useMemo(() => policiesInitialValues(listing), [listing]);
  const after = useAfterSave({ type, goToNextTab });
  const onSubmit = async (values: Values) => {
    after.reset();
    try {
      await save({ rules: (values.rules ?? '').trim(), disclaimer: (values.disclaimer ?? '').trim() });
    } catch (error) {
      return tabSubmitErrors(error, ['rules', 'disclaimer']);
    }
    after.done();
    return undefined;
  };
  return (
    <Form<Values>
      onSubmit={onSubmit}
      validate={validatePolicies}
      initialValues={initialValues}
      keepDirtyOnReinitialize
    >
      {({ handleSubmit, submitting, submitError, pristine }) => (
        <FormElement onSubmit={handleSubmit} aria-labelledby="edit-listing-tab-title">
          <TextAreaField
            name="rules"
            label="Rules (optional)"
            rows={5}
            hint="For example: cash or e-transfer on pickup, test rides with ID only, no returns."
          />
          <TextAreaField
            name="disclaimer"
            label="Disclaimer (optional)"
            rows={5}
            hint="Known faults, wear, and anything else the buyer should know. Sold as seen?"
          />
          <TabFormFooter
            type={type}
            submitting={submitting}
            submitError={submitError}
            saved={after.saved && Boolean(pristine)}
          />
        </FormElement>
      )}
    </Form>
  );
}
