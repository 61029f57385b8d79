import { type PoliciesValues, validatePolicies } from '../../../../shared/validation/listing';
import type { OwnListing } from '../../api/own-listings';
import { TextAreaField } from '../../forms/fields';
import { TabForm } from './tab-form';
import type { EditListingTabProps } from './tab-props';

type Values = Required<PoliciesValues>;

export function policiesInitialValues(listing: OwnListing | undefined): Values {
  return { rules: listing?.publicData.rules ?? '', disclaimer: listing?.publicData.disclaimer ?? '' };
}

/** The policies tab (§2): the seller's rules and disclaimer, both optional (at most 5000 characters). */
export function PoliciesTab(props: EditListingTabProps) {
  return (
    <TabForm
      tab={props}
      initialValues={policiesInitialValues}
      validate={validatePolicies}
      toChanges={(values: Values) => ({
        rules: (values.rules ?? '').trim(),
        disclaimer: (values.disclaimer ?? '').trim(),
      })}
      fields={['rules', 'disclaimer']}
    >
      <TextAreaField
        name="rules"
        label="Rules (optional)"
        rows={5}
        hint="For example: test rides with ID only, pickup by appointment. Payment always goes through Velo Exchange, so leave payment out of your rules."
      />
      <TextAreaField
        name="disclaimer"
        label="Disclaimer (optional)"
        rows={5}
        hint="Known faults, wear, and anything else the buyer should know. Sold as seen?"
      />
    </TabForm>
  );
}
