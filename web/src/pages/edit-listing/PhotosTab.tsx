import type { EditListingTabProps } from './tab-props';

/** Placeholder until the photos tab lands (upload, reorder, remove, publish). */
export function PhotosTab(_props: EditListingTabProps) {
  return <h2>Photos</h2>;
}
