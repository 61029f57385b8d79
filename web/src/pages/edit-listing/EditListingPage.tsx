import { Link, Navigate, useLoaderData, useNavigate, useParams } from '@tanstack/react-router';
import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { type EditListingTab, NEW_LISTING_ID } from '../../../../shared/listings';
import { listingPath, pages } from '../../../../shared/pages';
import type { Loaded } from '../../api/client';
import {
  createDraftListing,
  type OwnListing,
  type OwnListingChanges,
  updateOwnListing,
} from '../../api/own-listings';
import { HrefLink } from '../../components/HrefLink';
import { LoadFrame } from '../../components/LoadFrame';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useLoaded } from '../../lib/useLoaded';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { DeliveryTab } from './DeliveryTab';
import { DetailsTab } from './DetailsTab';
import { FeaturesTab } from './FeaturesTab';
import { LocationTab } from './LocationTab';
import { PhotosTab } from './PhotosTab';
import { PoliciesTab } from './PoliciesTab';
import { PricingTab } from './PricingTab';
import type { EditListingTabProps, EditListingType } from './tab-props';
import {
  editListingTabPath,
  enabledTabs,
  isEditListingType,
  isWizardTab,
  listingKind,
  nextTab,
  tabLabels,
  tabsFor,
  wizardTitle,
} from './wizard';
import '../../components/tab-nav.css';
import './edit-listing.css';

/** The component of each tab (availability is for booking listings, not built here). */
const tabComponents: Partial<Record<EditListingTab, ComponentType<EditListingTabProps>>> = {
  details: DetailsTab,
  pricing: PricingTab,
  delivery: DeliveryTab,
  location: LocationTab,
  features: FeaturesTab,
  policies: PoliciesTab,
  photos: PhotosTab,
};

/** Tabs that render their own heading (the photos tab's); the page gives the others theirs. */
const tabsWithOwnHeading: ReadonlySet<EditListingTab> = new Set(['photos']);

interface Params {
  slug?: string;
  id?: string;
  type?: string;
  tab?: string;
  returnURLType?: string;
}

/** A never-settling stand-in so `useLoaded` can be called when there is no listing to load. */
const noListing: Promise<Loaded<OwnListing>> = new Promise(() => {});

/** "Listing not available": not the caller's listing, or no such listing (404/403). */
function ListingNotAvailable() {
  useDocumentTitle('Listing not available');
  return (
    <div className="page page-narrow not-found">
      <h1>Listing not available</h1>
      <p>Sorry, this listing is not available. It may have been removed, or it is not yours to edit.</p>
      <p>
        <Link to={pages.manageListings}>Go to your listings</Link>
      </p>
    </div>
  );
}

/** The wizard's tab list: links to the tabs that can be opened; the others are shown disabled. */
function WizardTabs({
  tabs,
  current,
  enabled,
  hrefOf,
}: {
  tabs: readonly EditListingTab[];
  current: EditListingTab;
  enabled: ReadonlySet<EditListingTab>;
  hrefOf: (tab: EditListingTab) => string;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  // On tablets and phones the steps are one scrolling row: keep the current one in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again whenever the current tab changes
  useEffect(() => {
    const list = listRef.current;
    const currentLink = list?.querySelector<HTMLElement>('[aria-current]');
    if (!list || !currentLink || list.scrollWidth <= list.clientWidth) return;
    const listBox = list.getBoundingClientRect();
    const tabBox = currentLink.getBoundingClientRect();
    if (tabBox.left >= listBox.left && tabBox.right <= listBox.right) return;
    list.scrollLeft += tabBox.left - listBox.left - (listBox.width - tabBox.width) / 2;
  }, [current]);
  return (
    <nav className="tab-nav tab-nav-vertical edit-listing-tabs" aria-label="Listing steps">
      <ol ref={listRef} className="tab-nav-list">
        {tabs.map((tab, index) => (
          <li key={tab}>
            {enabled.has(tab) ? (
              <Link
                to="."
                href={hrefOf(tab)}
                className="tab-nav-link"
                activeOptions={{ exact: true }}
                activeProps={{}}
                aria-current={tab === current ? 'page' : undefined}
              >
                <span className="edit-listing-step" aria-hidden="true">
                  {index + 1}
                </span>
                {tabLabels[tab]}
              </Link>
            ) : (
              <span className="tab-nav-link edit-listing-tab-disabled" aria-disabled="true">
                <span className="edit-listing-step" aria-hidden="true">
                  {index + 1}
                </span>
                {tabLabels[tab]}
                <span className="visually-hidden"> (complete the earlier steps first)</span>
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * What a wizard hands to the next one when the first save of a new listing moves the page to the
 * draft's address (a new id, so a new wizard): the saved listing and the tabs saved so far.
 */
const handoff = new Map<string, { listing: OwnListing; savedTabs: Set<EditListingTab> }>();

/** The newer of two copies of a listing (by updatedAt). */
function newer(a: OwnListing | undefined, b: OwnListing | undefined): OwnListing | undefined {
  if (!a) return b;
  if (!b) return a;
  return b.updatedAt > a.updatedAt ? b : a;
}

/**
 * The edit-listing wizard (§2): `/l/{slug}/{id}/{type}/{tab}` with type `new` (no draft yet, the
 * zero id), `draft` or `edit`. Loads the owner's listing; a missing or someone else's listing shows
 * "listing not available", another failure a retry notice. The first save of a new listing creates
 * the draft and moves to `/l/{slug}/{id}/draft/{next tab}` (replacing the history entry); while
 * creating, tabs after the first unsaved one are disabled.
 */
export function EditListingPage() {
  const params: Params = useParams({ strict: false });
  const data = useLoaderData({ strict: false }) as
    | { listing?: Promise<Loaded<OwnListing>> | undefined }
    | undefined;
  const id = params.id ?? '';
  // One wizard per listing: its state (the saved copy, the tabs saved) never leaks to another.
  return <EditListingWizard key={id} params={params} listingPromise={data?.listing} />;
}

function EditListingWizard({
  params,
  listingPromise,
}: {
  params: Params;
  listingPromise: Promise<Loaded<OwnListing>> | undefined;
}) {
  const loaded = useLoaded(listingPromise ?? noListing);
  const navigate = useNavigate();

  const id = params.id ?? '';
  const type = params.type;
  const isNew = id === NEW_LISTING_ID;
  const [handedOver] = useState(() => {
    const value = handoff.get(id);
    handoff.delete(id);
    return value;
  });
  /** The listing as last saved on this page (can be fresher than the loader's copy). */
  const [local, setLocal] = useState<OwnListing | undefined>(handedOver?.listing);
  const [savedTabs, setSavedTabs] = useState<Set<EditListingTab>>(handedOver?.savedTabs ?? new Set());

  const loadedListing = !isNew && loaded?.ok ? loaded.value : undefined;
  const listing = newer(local, loadedListing);
  const latest = useRef<OwnListing | undefined>(undefined);
  if (listing) latest.current = newer(latest.current, listing);

  const validType = isEditListingType(type) && (type === 'new') === isNew;
  const pageType: EditListingType = validType ? (type as EditListingType) : 'draft';
  useDocumentTitle(wizardTitle(pageType));

  const kind = listingKind(listing);
  const tabs = tabsFor(kind);
  const tab = isWizardTab(tabs, params.tab) ? params.tab : undefined;
  const enabled = enabledTabs(tabs, pageType, listing, savedTabs);

  // Move focus to the tab's panel when the tab changes (not on the first render).
  const panelRef = useRef<HTMLElement>(null);
  const shownTab = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (shownTab.current !== undefined && shownTab.current !== tab) panelRef.current?.focus();
    shownTab.current = tab;
  }, [tab]);

  const currentTab = tab ?? 'details';
  const savedTabsRef = useRef(savedTabs);
  savedTabsRef.current = savedTabs;

  const onListingChange = useCallback((changed: OwnListing) => {
    latest.current = changed;
    setLocal(changed);
  }, []);

  const save = useCallback(
    async (changes: OwnListingChanges): Promise<OwnListing> => {
      const current = latest.current;
      const saved = current ? await updateOwnListing(current.id, changes) : await createDraftListing(changes);
      onListingChange(saved);
      const nextSaved = new Set(savedTabsRef.current).add(currentTab);
      savedTabsRef.current = nextSaved;
      setSavedTabs(nextSaved);
      return saved;
    },
    [onListingChange, currentTab],
  );

  const goToNextTab = useCallback(() => {
    const next = nextTab(tabs, currentTab);
    const target = latest.current;
    if (!next || !target) return;
    if (isNew) handoff.set(target.id, { listing: target, savedTabs: savedTabsRef.current });
    void navigate({ href: editListingTabPath(target, pageType, next), replace: isNew });
  }, [tabs, currentTab, navigate, pageType, isNew]);

  if (!validType || !tab) return <NotFoundPage />;

  if (!isNew && !listing && !loaded?.ok) {
    return (
      <LoadFrame
        loaded={loaded}
        className="page edit-listing-page"
        heading={wizardTitle(pageType)}
        loadingLabel="Loading your listing…"
        notFound={<ListingNotAvailable />}
        missingStatuses={[404, 403]}
      />
    );
  }

  // A tab that cannot be opened yet: back to the first one that can be worked on.
  if (!enabled.has(tab)) {
    const open = tabs.filter((t) => enabled.has(t));
    const target = open[open.length - 1] ?? 'details';
    return <Navigate to="." href={editListingTabPath(listing, pageType, target)} replace />;
  }

  const TabComponent = tabComponents[tab];
  const tabProps: EditListingTabProps = {
    listing,
    type: pageType,
    save,
    onListingChange,
    goToNextTab,
    returnURLType: params.returnURLType,
  };

  return (
    <div className="page edit-listing-page">
      <div className="edit-listing-header">
        <h1>{wizardTitle(pageType)}</h1>
        {/* A draft as buyers will see it: its draft variant page (§2 ListingPageVariant), which leads back here. */}
        {listing?.state === 'draft' ? (
          <HrefLink href={listingPath(listing)} className="button button-secondary">
            Preview
          </HrefLink>
        ) : null}
      </div>
      <div className="edit-listing-layout">
        <WizardTabs
          tabs={tabs}
          current={tab}
          enabled={enabled}
          hrefOf={(t) => editListingTabPath(listing, pageType, t)}
        />
        <section
          ref={panelRef}
          className="edit-listing-panel"
          tabIndex={-1}
          {...(tabsWithOwnHeading.has(tab)
            ? { 'aria-label': tabLabels[tab] }
            : { 'aria-labelledby': 'edit-listing-tab-title' })}
        >
          {tabsWithOwnHeading.has(tab) ? null : <h2 id="edit-listing-tab-title">{tabLabels[tab]}</h2>}
          {TabComponent ? <TabComponent key={`${listing?.id ?? 'new'}-${tab}`} {...tabProps} /> : null}
        </section>
      </div>
    </div>
  );
}
