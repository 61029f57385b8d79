import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { messages } from '../../../../../shared/errors/catalogue';
import { listingPath } from '../../../../../shared/pages';
import { photoCountError } from '../../../../../shared/validation/listing';
import { errorMessage } from '../../../api/errors';
import { type OwnListing, publishOwnListing } from '../../../api/own-listings';
import { HrefLink } from '../../../components/HrefLink';
import { StripeOnboarding } from '../../../payments/StripeOnboarding';
import type { EditListingType } from '../tab-props';
import { editTabPath, needsPayoutDetails, type PublishProblem, publishProblems } from './photos';

type PublishState =
  | { status: 'idle' }
  | { status: 'publishing' }
  | { status: 'problems'; problems: PublishProblem[] }
  | { status: 'error'; message: string }
  /** Published and on sale: the wizard says so here, with the listing's link. */
  | { status: 'live'; listing: OwnListing };

/**
 * The photos tab's last step (§2: new listings are created as drafts, then published from the
 * photos tab). "Publish listing": a 400 lists what is missing, each message linking to the tab that
 * holds the field; 409 `payout-details-missing` shows the payout onboarding here (the provider
 * comes back to `…/photos/{returnURLType}`, which shows it again), and once the payout details are
 * ready the listing is published without another click. Then the panel says "Your listing is live"
 * with the listing's link (issue 24; the API mails the seller the same), or, when the marketplace
 * approves listings first, the seller sees its pending-approval page. While the payout form shows
 * (or no photo is there yet), it has the one primary button: "Publish listing" steps back to a
 * secondary one. A published listing
 * (`edit`) saves its photos as they change: the tab links back to the listing instead.
 */
export function PublishPanel({
  listing,
  type,
  returnURLType,
  photoCount,
  waiting,
  onListingChange,
}: {
  listing: OwnListing;
  type: EditListingType;
  returnURLType: string | undefined;
  photoCount: number;
  /** Uploads or photo changes still under way. */
  waiting: boolean;
  onListingChange: (listing: OwnListing) => void;
}) {
  const navigate = useNavigate();
  const headingId = useId();
  const problemsRef = useRef<HTMLDivElement>(null);
  const liveRef = useRef<HTMLHeadingElement>(null);
  const [state, setState] = useState<PublishState>({ status: 'idle' });
  const [onboarding, setOnboarding] = useState(returnURLType !== undefined && returnURLType !== '');
  const autoPublished = useRef(false);
  const listingRef = useRef(listing);
  listingRef.current = listing;
  const onChangeRef = useRef(onListingChange);
  onChangeRef.current = onListingChange;
  const photoCountRef = useRef(photoCount);
  photoCountRef.current = photoCount;

  const publish = useCallback(async () => {
    const current = listingRef.current;
    const noPhoto = photoCountError(photoCountRef.current);
    if (noPhoto) {
      setState({
        status: 'problems',
        problems: [
          {
            field: 'images',
            message: noPhoto,
            tab: 'photos',
            tabLabel: 'Photos',
            href: editTabPath(current, type, 'photos'),
          },
        ],
      });
      return;
    }
    setState({ status: 'publishing' });
    try {
      const published = await publishOwnListing(current.id);
      if (published.state === 'published') setState({ status: 'live', listing: published });
      onChangeRef.current(published);
      if (published.state !== 'published') await navigate({ href: listingPath(published) });
    } catch (error) {
      if (needsPayoutDetails(error)) {
        // The automatic publish after onboarding is tried once; then the button is there again.
        setState(
          autoPublished.current
            ? {
                status: 'error',
                message: 'Your payout details are not ready yet. Please try again in a moment.',
              }
            : { status: 'idle' },
        );
        setOnboarding(true);
        return;
      }
      const problems = publishProblems(error, current, type);
      if (problems.length) {
        setState({ status: 'problems', problems });
        return;
      }
      setState({ status: 'error', message: errorMessage(error, { fallback: messages.somethingWentWrong }) });
    }
  }, [navigate, type]);

  useEffect(() => {
    if (state.status === 'problems') problemsRef.current?.focus();
    if (state.status === 'live') liveRef.current?.focus();
  }, [state]);

  // Payout details ready (now, or already when the onboarding loaded): publish once, by itself.
  const onReady = useCallback(() => {
    if (autoPublished.current || listingRef.current.state !== 'draft') return;
    autoPublished.current = true;
    void publish();
  }, [publish]);

  if (state.status === 'live') {
    return (
      <section className="photos-publish notice photos-live" aria-labelledby={headingId}>
        <h3 id={headingId} ref={liveRef} tabIndex={-1}>
          Your listing is live
        </h3>
        <p>Buyers can find it and buy it now. We have sent you an e-mail with its link.</p>
        <HrefLink href={listingPath(state.listing)} className="button button-primary">
          View your listing
        </HrefLink>
      </section>
    );
  }

  if (type === 'edit' || listing.state !== 'draft') {
    return (
      <section className="photos-publish" aria-labelledby={headingId}>
        <h3 id={headingId} className="visually-hidden">
          Your listing
        </h3>
        <p>Your photos are saved as you add, move or remove them.</p>
        <HrefLink href={listingPath(listing)} className="button button-secondary">
          View listing
        </HrefLink>
      </section>
    );
  }

  const publishing = state.status === 'publishing';
  // The page's one primary button is the next step: "Add photos" while there is none, the payout
  // form while it shows, else publishing.
  const nextStep = !onboarding && photoCount > 0;
  return (
    <section className="photos-publish" aria-labelledby={headingId}>
      <h3 id={headingId}>Publish</h3>
      {state.status === 'problems' ? (
        <div ref={problemsRef} className="notice notice-error publish-problems" role="alert" tabIndex={-1}>
          <p>Your listing cannot be published yet:</p>
          <ul>
            {state.problems.map((problem) => (
              <li key={problem.field}>
                <HrefLink href={problem.href}>
                  {problem.message} ({problem.tabLabel})
                </HrefLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {state.status === 'error' ? (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      ) : null}
      {onboarding ? (
        <section className="photos-payouts" aria-labelledby={`${headingId}-payouts`}>
          <h3 id={`${headingId}-payouts`}>Add your payout details</h3>
          <p>
            Before your listing goes live, tell us where to send the money from your sales. Your listing is
            published as soon as your payout details are ready.
          </p>
          <StripeOnboarding
            returnBasePath={editTabPath(listing, type, 'photos')}
            returnURLType={returnURLType}
            onReady={onReady}
            headingLevel={3}
          />
        </section>
      ) : null}
      {waiting ? (
        <p className="field-hint" id={`${headingId}-waiting`}>
          Please wait until your photos have finished uploading.
        </p>
      ) : null}
      <button
        type="button"
        className={nextStep ? 'button button-primary button-large' : 'button button-secondary'}
        disabled={publishing || waiting}
        aria-busy={publishing}
        aria-describedby={waiting ? `${headingId}-waiting` : undefined}
        onClick={() => void publish()}
      >
        {publishing ? (
          <>
            <span className="button-spinner" aria-hidden="true" /> Publishing…
          </>
        ) : (
          'Publish listing'
        )}
      </button>
      <span className="visually-hidden" role="status">
        {publishing ? 'Publishing your listing…' : ''}
      </span>
    </section>
  );
}
