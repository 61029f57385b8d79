import { brandNames } from '../../../../shared/config/brands';
import { groupsetNames } from '../../../../shared/config/groupsets';

/** The ids of the details tab's suggestion lists (the inputs' `list`). */
export const suggestionLists = { brand: 'edit-listing-brands', groupset: 'edit-listing-groupsets' } as const;

/**
 * The brand and groupset vocabularies (issue 21) as the browser's own suggestions: typing "dura"
 * offers "Shimano Dura-Ace", and anything else can still be typed.
 */
export function NameSuggestions() {
  return (
    <>
      <datalist id={suggestionLists.brand}>
        {brandNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <datalist id={suggestionLists.groupset}>
        {groupsetNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}
