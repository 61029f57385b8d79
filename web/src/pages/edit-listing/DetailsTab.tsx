import { categoryGroups } from '../../../../shared/config/categories';
import { limits } from '../../../../shared/config/constants';
import {
  bikeFields,
  conditions,
  fieldOptions,
  frameMaterials,
  requiredListingFields,
  sizeRequiredFor,
  wheelSizeKeys,
  wheelSizes,
} from '../../../../shared/config/listing-fields';
import { frameSizeCmOf } from '../../../../shared/validation/frame-size';
import { type ListingDetailsValues, validateListingDetails } from '../../../../shared/validation/listing';
import type { OwnListing, OwnListingChanges } from '../../api/own-listings';
import { SelectField } from '../../components/ChoiceFields';
import { TextAreaField, TextField } from '../../forms/fields';
import { FrameSizeCmField, FrameSizeField, sizeOptions } from './FrameSizeFields';
import { NameSuggestions, suggestionLists } from './NameSuggestions';
import { TabForm } from './tab-form';
import type { EditListingTabProps } from './tab-props';
import { bikeFieldsForCategory, type OptionalBikeField, optionalBikeFields } from './wizard';

type Values = Required<{ [K in keyof ListingDetailsValues]: string }>;

const detailFields = [
  ...requiredListingFields,
  ...optionalBikeFields,
] as const satisfies readonly (keyof Values)[];
type DetailField = (typeof detailFields)[number];
const isOptionalBikeField = (field: string) => (optionalBikeFields as readonly string[]).includes(field);

/** A value for each of the details' fields (every field of the form, so a `Values`). */
const forEachField = (value: (field: DetailField) => string): Values =>
  Object.fromEntries(detailFields.map((field) => [field, value(field)])) as Record<DetailField, string>;

const categoryOptionGroups = categoryGroups.map((group) => ({
  label: group.label,
  options: Object.entries(group.categories).map(([value, label]) => ({ value, label })),
}));
const toOptions = (options: { key: string; label: string }[]) =>
  options.map(({ key, label }) => ({ value: key, label }));
const conditionOptions = toOptions(fieldOptions(conditions));
const wheelSizeOptions = toOptions(fieldOptions(wheelSizes, wheelSizeKeys));
const frameMaterialOptions = toOptions(fieldOptions(frameMaterials));

const textMaxLength = (key: string) => {
  const field = bikeFields.find((f) => f.key === key);
  return field && 'maxLength' in field ? field.maxLength : undefined;
};

export function detailsInitialValues(listing: OwnListing | undefined): Values {
  const data = listing?.publicData;
  return forEachField((field) => {
    if (field === 'title' || field === 'description') return listing?.[field] ?? '';
    if (field === 'year' || field === 'frameSizeCm')
      return data?.[field] === undefined ? '' : String(data[field]);
    return data?.[field] ?? '';
  });
}

/** The errors of the fields shown: the required ones and the bike fields of the category. */
export function validateDetails(values: Partial<Values>) {
  const shown = new Set<string>(bikeFieldsForCategory(values.category));
  const errors = validateListingDetails(values);
  return Object.fromEntries(
    Object.entries(errors).filter(([key]) => !isOptionalBikeField(key) || shown.has(key)),
  );
}

/** The details to send; bike fields the category does not have are cleared (empty). */
export function detailsChanges(values: Partial<Values>): OwnListingChanges {
  const shown = new Set<string>(bikeFieldsForCategory(values.category));
  const { year, frameSizeCm, ...changes } = forEachField((field) =>
    isOptionalBikeField(field) && !shown.has(field) ? '' : (values[field] ?? '').trim(),
  );
  return {
    ...changes,
    year: year === '' ? '' : Number(year),
    frameSizeCm: frameSizeCmOf(frameSizeCm) ?? '',
  };
}

function BikeField({ field, values }: { field: OptionalBikeField; values: Values }) {
  switch (field) {
    case 'year':
      return (
        <TextField
          name="year"
          label="Model year (optional)"
          inputMode="numeric"
          maxLength={4}
          hint="For example 2021."
        />
      );
    case 'frameSize':
      return (
        <FrameSizeField
          category={values.category}
          frameSizeCm={values.frameSizeCm}
          frameSize={values.frameSize}
        />
      );
    case 'frameSizeCm':
      return <FrameSizeCmField category={values.category} />;
    case 'wheelSize':
      return <SelectField name="wheelSize" label="Wheel size (optional)" options={wheelSizeOptions} />;
    case 'frameMaterial':
      return (
        <SelectField name="frameMaterial" label="Frame material (optional)" options={frameMaterialOptions} />
      );
    default: {
      const label = bikeFields.find((f) => f.key === field)?.label ?? field;
      const maxLength = textMaxLength(field);
      return (
        <TextField
          name={field}
          label={`${label} (optional)`}
          {...(maxLength ? { maxLength } : {})}
          {...(field === 'groupset' ? { list: suggestionLists.groupset } : {})}
          autoComplete="off"
        />
      );
    }
  }
}

/** The details tab (§2, §3, §5): what the item is. The first save of a new listing creates the draft. */
export function DetailsTab(props: EditListingTabProps) {
  return (
    <TabForm
      tab={props}
      initialValues={detailsInitialValues}
      validate={validateDetails}
      toChanges={detailsChanges}
      fields={detailFields}
    >
      {(values) => {
        const shownBikeFields = bikeFieldsForCategory(values.category);
        return (
          <>
            <TextField
              name="title"
              label="Listing title"
              countTo={limits.titleMaxLength}
              hint="For example: Specialized Allez Sport 2019, 56 cm."
              autoComplete="off"
              required
            />
            <NameSuggestions />
            <TextAreaField name="description" label="Description" rows={6} required />
            <SelectField name="category" label="Category" groups={categoryOptionGroups} required />
            <div className="field-row">
              <TextField
                name="brand"
                label="Brand"
                maxLength={textMaxLength('brand')}
                list={suggestionLists.brand}
                autoComplete="off"
                required
              />
              {sizeRequiredFor(values.category) ? (
                <SelectField name="size" label="Size" options={sizeOptions} required />
              ) : (
                <SelectField name="size" label="Size (optional)" options={sizeOptions} />
              )}
            </div>
            <SelectField name="condition" label="Condition" options={conditionOptions} required />
            {shownBikeFields.length > 0 ? (
              <fieldset className="edit-listing-fieldset">
                <legend>Bike details</legend>
                <div className="field-row">
                  {shownBikeFields.map((field) => (
                    <BikeField key={field} field={field} values={values} />
                  ))}
                </div>
              </fieldset>
            ) : null}
          </>
        );
      }}
    </TabForm>
  );
}
