import { fieldOptions, listingFeatures } from '../../../../shared/config/listing-fields';
import { featuresValidator } from '../../../../shared/validation/listing';
import type { OwnListing } from '../../api/own-listings';
import { CheckboxGroupField } from '../../components/ChoiceFields';
import { TabForm } from './tab-form';
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
export function FeaturesTab(props: EditListingTabProps) {
  return (
    <TabForm
      tab={props}
      initialValues={featuresInitialValues}
      toChanges={(values: Values) => ({ features: orderedFeatures(values.features) })}
      fields={['features']}
    >
      <CheckboxGroupField
        name="features"
        legend="Features"
        hint="Choose everything that applies (optional)."
        options={featureOptions}
        validate={featuresValidator}
      />
    </TabForm>
  );
}
