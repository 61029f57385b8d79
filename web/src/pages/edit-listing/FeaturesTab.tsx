import { useMemo } from 'react';
import { Form } from 'react-final-form';
import { fieldOptions, listingFeatures } from '../../../../shared/config/listing-fields';
import { featuresValidator } from '../../../../shared/validation/listing';
import type { OwnListing } from '../../api/own-listings';
import { CheckboxGroupField } from '../../components/ChoiceFields';
import { FormElement } from '../../forms/fields';
import { TabFormFooter, tabSubmitErrors, useAfterSave } from './tab-form';
import type { EditListingTabProps } from './tab-props';

interface Values {
  features: string[];
}

const featureOptions = fieldOptions(listingFeatures).map(({ key, label }) => ({ value: key, label }));
const featureOrder = featureOptions.map((option) => option.value);

export function featuresInitialValues(listing: OwnListing | undefined): Values {
  return { features: [...(listing?.publicData.features ?? [])] };
}

/** The chosen features in the list's order (what the listing page shows). */
export function orderedFeatures(features: readonly string[] | undefined): string[] {
  const chosen = new Set(features ?? []);
  return featureOrder.filter((key) => chosen.has(key));
}

/** The features tab (§2): what else a buyer may want to know, as checkboxes of `listingFeatures`. */
export function FeaturesTab({ listing, type, save, goToNextTab }: EditListingTabProps) {
  const initialValues = useMemo(() => featuresInitialValues(listing), [listing]);
  const after = useAfterSave({ type, goToNextTab });
  const onSubmit = async (values: Values) => {
    after.reset();
    try {
      await save({ features: orderedFeatures(values.features) });
    } catch (error) {
      return tabSubmitErrors(error, ['features']);
    }
    after.done();
    return undefined;
  };
  return (
    <Form<Values> onSubmit={onSubmit} initialValues={initialValues} keepDirtyOnReinitialize>
      {({ handleSubmit, submitting, submitError, pristine }) => (
        <FormElement onSubmit={handleSubmit} aria-labelledby="edit-listing-tab-title">
          <CheckboxGroupField
            name="features"
            legend="Features"
            hint="Choose everything that applies (optional)."
            options={featureOptions}
            validate={featuresValidator}
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
