import { useForm } from 'react-final-form';
import { frameSizeTableFor } from '../../../../shared/config/frame-sizes';
import { fieldOptions, sizes } from '../../../../shared/config/listing-fields';
import { SelectField } from '../../components/ChoiceFields';
import { TextField } from '../../forms/fields';
import { suggestedFrameSize } from './wizard';

/** The size letters as select options (the listing's size and its frame size). */
export const sizeOptions = fieldOptions(sizes).map(({ key, label }) => ({ value: key, label }));

/** The details tab's frame size in cm: how this kind of frame is measured, with an example. */
export function FrameSizeCmField({ category }: { category: string }) {
  const topTube = frameSizeTableFor(category)?.measure === 'topTube';
  return (
    <TextField
      name="frameSizeCm"
      label="Frame size in cm (optional)"
      inputMode="decimal"
      maxLength={5}
      hint={
        topTube
          ? 'The top tube length, for example 52.7 (20.75 in).'
          : 'The seat tube length, for example 54.'
      }
      autoComplete="off"
    />
  );
}

/**
 * The frame size letter; while it is empty and a size in cm is given, the letter the category's size
 * table gives it is offered (issue 21), never filled in unasked.
 */
export function FrameSizeField({
  category,
  frameSizeCm,
  frameSize,
}: {
  category: string;
  frameSizeCm: string;
  frameSize: string;
}) {
  const form = useForm();
  const suggested = suggestedFrameSize(category, frameSizeCm, frameSize);
  const hint = suggested ? (
    <>
      {frameSizeCm} cm is usually {sizes[suggested]} for this kind of bike.{' '}
      <button type="button" className="link-button" onClick={() => form.change('frameSize', suggested)}>
        Use {sizes[suggested]}
      </button>
    </>
  ) : undefined;
  return <SelectField name="frameSize" label="Frame size (optional)" options={sizeOptions} hint={hint} />;
}
