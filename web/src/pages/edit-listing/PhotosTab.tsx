import { useId } from 'react';
import type { OwnListing } from '../../api/own-listings';
import { PhotoList } from './photos/PhotoList';
import { PublishPanel } from './photos/PublishPanel';
import { usePhotos } from './photos/usePhotos';
import type { EditListingTabProps } from './tab-props';
import '../../forms/forms.css';
import './photos/photos.css';

/**
 * The wizard's photos tab (§2, §5): add JPG, GIF or PNG photos (at most 20 MB each, up to 10),
 * uploaded straight to storage with their progress, then processed; reorder them (buttons or drag
 * and drop; the first is the cover) and remove them (after a confirmation). Photos are saved as
 * they change. A draft is published from here ("Publish listing", with payout onboarding when the
 * seller has no payout details yet); a published listing links back to its page.
 */
export function PhotosTab(props: EditListingTabProps) {
  const headingId = useId();
  if (!props.listing) {
    return (
      <div className="photos-tab">
        <h2 id={headingId}>Photos</h2>
        <p>Save the details of your listing first; then you can add its photos.</p>
      </div>
    );
  }
  return <PhotosEditor key={props.listing.id} {...props} listing={props.listing} headingId={headingId} />;
}

function PhotosEditor({
  listing,
  type,
  onListingChange,
  returnURLType,
  headingId,
}: EditListingTabProps & { listing: OwnListing; headingId: string }) {
  const editor = usePhotos(listing, onListingChange);
  return (
    <div className="photos-tab">
      <h2 id={headingId}>Photos</h2>
      <PhotoList editor={editor} headingId={headingId} />
      <PublishPanel
        listing={listing}
        type={type}
        returnURLType={returnURLType}
        photoCount={editor.photos.length}
        waiting={editor.busy}
        onListingChange={onListingChange}
      />
    </div>
  );
}
