import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useRef, useState } from 'react';
import type { AllowedTransitionView, TransactionShow } from '../../../../shared/api/transactions';
import { messagingNeedsVerifiedEmail } from '../../../../shared/config/verified-email';
import { formatMoney } from '../../../../shared/money';
import { pages } from '../../../../shared/pages';
import type { Role } from '../../../../shared/process/graph';
import { statusCopy, statusLabel } from '../../../../shared/process/labels';
import type { Loaded } from '../../api/client';
import { useCurrentUser } from '../../auth/store';
import { Avatar } from '../../components/Avatar';
import { deadlineDayText } from '../../components/DateLabel';
import { CardImage } from '../../components/ListingCard';
import { LoadFrame } from '../../components/LoadFrame';
import { Spinner } from '../../components/Loading';
import { RetryNotice } from '../../components/RetryNotice';
import { usePageHead } from '../../lib/head';
import { useLoaded } from '../../lib/useLoaded';
import { hasProfile, userDisplayName } from '../../lib/users';
import { refreshNotificationsAtom } from '../../state/notifications';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { Actions } from './actions/Actions';
import { Breakdown } from './Breakdown';
import { Delivery, Tracking } from './Delivery';
import { DisputeDetails } from './DisputeDetails';
import { EnquiryActions } from './EnquiryActions';
import { MessageThread } from './MessageThread';
import { FocusedError } from './panel-parts';
import { OrderReviews, ReviewForm } from './Review';
import { canReview } from './review-form';
import { Timeline } from './Timeline';
import {
  actionsFor,
  fetchFailedMessage,
  messagingDisabledReason,
  otherPartyOf,
  pageHeading,
  viewerHasRole,
} from './view';
import './transaction-page.css';

/** What the routes' loaders give (router.tsx, "Orders"): both promises unawaited. */
export interface TransactionLoaderData {
  show: Promise<Loaded<TransactionShow>>;
  allowed: Promise<Loaded<AllowedTransitionView[]>>;
}

const orderRoute = getRouteApi('/signed-in/order/$id/details');
const saleRoute = getRouteApi('/signed-in/sale/$id/details');

/** The order page (§2 OrderDetailsPage): the customer's view. */
export function OrderDetailsPage() {
  const data = orderRoute.useLoaderData() as TransactionLoaderData;
  return <TransactionScreen partyRole="customer" data={data} />;
}

/** The sale page (§2 SaleDetailsPage): the provider's view. */
export function SaleDetailsPage() {
  const data = saleRoute.useLoaderData() as TransactionLoaderData;
  return <TransactionScreen partyRole="provider" data={data} />;
}

/**
 * The last finished result of a loader promise. While a reload runs (after an action) the page
 * keeps showing what it had, instead of a spinner that would throw away the message being typed.
 */
function useStickyLoaded<T>(promise: Promise<Loaded<T>>): Loaded<T> | undefined {
  const loaded = useLoaded(promise);
  const last = useRef<Loaded<T> | undefined>(undefined);
  if (loaded) last.current = loaded;
  return loaded ?? last.current;
}

function TransactionScreen({ partyRole: role, data }: { partyRole: Role; data: TransactionLoaderData }) {
  const router = useRouter();
  const refreshNotifications = useSetAtom(refreshNotificationsAtom);
  const currentUser = useCurrentUser();
  const show = useStickyLoaded(data.show);
  const allowed = useStickyLoaded(data.allowed);
  const heading = pageHeading(role);
  const forbidden = show?.ok && !viewerHasRole(show.value.transaction, role, currentUser?.id);
  const notFound = (show && !show.ok && show.error.isNotFound) || forbidden;

  usePageHead({
    title: show?.ok && !forbidden ? `${heading}: ${show.value.transaction.listing.title}` : heading,
    noindex: true,
  });

  if (notFound) return <NotFoundPage />;
  if (!show?.ok) {
    return (
      <LoadFrame
        loaded={show}
        className="page page-narrow tx-page"
        heading={show ? heading : undefined}
        loadingLabel={role === 'customer' ? 'Loading order…' : 'Loading sale…'}
        failedMessage={fetchFailedMessage(role)}
      />
    );
  }

  // After a transition: the top bar's count, then the order and its transitions again; the panel
  // waits for them so nobody presses a button of the old version.
  const onApplied = async () => {
    refreshNotifications();
    await router.invalidate();
    const routeId = role === 'customer' ? '/signed-in/order/$id/details' : '/signed-in/sale/$id/details';
    const fresh = router.state.matches.find((match) => match.routeId === routeId)?.loaderData as
      | TransactionLoaderData
      | undefined;
    if (fresh) await Promise.all([fresh.show, fresh.allowed]);
  };

  return (
    <TransactionContent
      role={role}
      show={show.value}
      allowed={allowed?.ok ? allowed.value : allowed ? 'failed' : 'loading'}
      userId={currentUser?.id}
      emailVerified={currentUser?.emailVerified}
      onApplied={onApplied}
    />
  );
}

/** The loaded page: header, breakdown, activity, actions and messages (exported for tests). */
export function TransactionContent({
  role,
  show,
  allowed,
  userId,
  emailVerified,
  onApplied,
  now,
}: {
  role: Role;
  show: TransactionShow;
  allowed: readonly AllowedTransitionView[] | 'loading' | 'failed';
  userId: string | undefined;
  /** The viewer's address is verified (an unverified one may not write before the order is paid). */
  emailVerified?: boolean | undefined;
  onApplied: () => void | Promise<void>;
  /** The clock for deadlines and dates (tests). */
  now?: Date;
}) {
  const tx = show.transaction;
  const other = otherPartyOf(show, role);
  const otherName = userDisplayName(other);
  const status = { state: tx.state, deliveryMethod: tx.orderData.deliveryMethod, deadline: tx.deadline };
  const label = statusLabel(status, role, deadlineDayText);
  const description = statusCopy(status, role).description;
  const actions = Array.isArray(allowed) ? actionsFor(allowed, role, tx.orderData.deliveryMethod) : [];
  // A refusal that reloaded the order (Cancel payment after the payment completed): its message
  // stays above the order as it is now.
  const [refusal, setRefusal] = useState<string | null>(null);
  const onRefused = async (message: string) => {
    setRefusal(message);
    await onApplied();
  };
  const afterAction = () => {
    setRefusal(null);
    return onApplied();
  };

  return (
    <div className="page tx-page">
      <header className="tx-header">
        <div className="tx-header-image">
          <CardImage image={tx.listing.image} alt="" priority />
        </div>
        <div className="tx-header-text">
          <p className="tx-kind">{pageHeading(role)}</p>
          <h1 className="tx-title">
            <Link to={pages.listing} params={{ slug: tx.listing.slug || 'no-slug', id: tx.listingId }}>
              {tx.listing.title}
            </Link>
          </h1>
          <div className="tx-party">
            <Avatar user={other} size="small" />
            <span>
              {role === 'customer' ? 'Seller: ' : 'Buyer: '}
              {hasProfile(other) ? (
                <Link to={pages.profile} params={{ id: other.id }}>
                  {otherName}
                </Link>
              ) : (
                otherName
              )}
            </span>
          </div>
          <div className="tx-status" role="status">
            <p className={`tx-state tx-state-${tx.state}`}>{label}</p>
            {tx.refund ? (
              <p className="tx-refunded">
                {`Refunded ${formatMoney(tx.refund.amount)}${role === 'provider' ? ' to the buyer' : ''}`}
              </p>
            ) : null}
            {description ? <p className="tx-state-description">{description}</p> : null}
          </div>
          <Tracking transaction={tx} />
        </div>
      </header>

      <div className="tx-layout">
        <div className="tx-main">
          <DisputeDetails transaction={tx} partyRole={role} />
          <Delivery transaction={tx} role={role} />
          {allowed === 'failed' ? (
            <section className="tx-section" aria-labelledby="actions-heading">
              <h2 id="actions-heading">What you can do</h2>
              <RetryNotice message={fetchFailedMessage(role)} />
            </section>
          ) : allowed === 'loading' ? (
            <section className="tx-section" aria-labelledby="actions-heading" aria-busy="true">
              <h2 id="actions-heading">What you can do</h2>
              <Spinner label="Loading actions…" />
            </section>
          ) : (
            <>
              {refusal ? <FocusedError message={refusal} /> : null}
              <Actions
                key={tx.version}
                transaction={tx}
                actions={actions}
                onApplied={afterAction}
                onRefused={onRefused}
                now={now}
              />
            </>
          )}
          {Array.isArray(allowed) && canReview(allowed, role) ? (
            <ReviewForm
              key={`review-${tx.version}`}
              transaction={tx}
              partyRole={role}
              otherName={otherName}
              onApplied={onApplied}
            />
          ) : null}
          <OrderReviews
            reviews={show.reviews ?? []}
            userId={userId}
            otherName={otherName}
            {...(now ? { now } : {})}
          />
          <EnquiryActions show={show} role={role} />
          <Timeline transaction={tx} role={role} otherName={otherName} {...(now ? { now } : {})} />
          <MessageThread
            key={tx.id}
            transactionId={tx.id}
            userId={userId}
            other={other}
            disabledReason={messagingDisabledReason(show, role)}
            verifyEmailFirst={emailVerified === false && messagingNeedsVerifiedEmail(tx.state)}
          />
        </div>
        {/* An enquiry has no price yet (a $0 total would mislead): the checkout shows it. */}
        {tx.lineItems.length > 0 ? (
          <div className="tx-aside">
            <Breakdown
              role={role}
              state={tx.state}
              lineItems={tx.lineItems}
              payinTotal={tx.payinTotal}
              payoutTotal={tx.payoutTotal}
            />
          </div>
        ) : null}
      </div>
    </div>
  );
}
