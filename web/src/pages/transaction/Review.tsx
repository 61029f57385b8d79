import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { ReviewView, TransactionView } from '../../../../shared/api/transactions';
import type { Role } from '../../../../shared/process/graph';
import { errorCode, isNetworkError } from '../../api/errors';
import * as transactionsApi from '../../api/transactions';
import { DateLabel } from '../../components/DateLabel';
import { forgetUserReviews } from '../../components/ReviewList';
import { ReviewRating } from '../../components/ReviewRating';
import { FieldFrame } from '../../forms/fields';
import { reportError } from '../../observability/errors';
import { FocusedError, ProgressButton, usePanelState } from './panel-parts';
import {
  firstInvalidField,
  orderReviewItems,
  type ReviewApi,
  type ReviewFieldErrors,
  reviewErrorMessage,
  reviewFormErrors,
  submitReview,
} from './review-form';
import '../../components/reviews.css';

const defaultApi: ReviewApi = { transition: (id, body) => transactionsApi.transition(id, body) };

const RATINGS = [1, 2, 3, 4, 5] as const;
const starPath = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** What the review panel shows; `initial` lets a test start from a given state. */
export interface ReviewFormState {
  open: boolean;
  reviewRating: number | null;
  reviewContent: string;
  /** Field messages, after a submit with invalid input. */
  fieldErrors: ReviewFieldErrors;
  pending: boolean;
  /** The §8 message of a failed send. */
  error: string | null;
}

const emptyState: ReviewFormState = {
  open: false,
  reviewRating: null,
  reviewContent: '',
  fieldErrors: {},
  pending: false,
  error: null,
};

/**
 * Leave a review (spec §4, §5, §8), for the party whose review the state allows: a button
 * that opens the form (a star rating as a radio group and a text area). An invalid submit shows
 * the §5 messages and moves focus to the first; sending shows its progress; review-1 is sent, and
 * review-2 when the other party reviewed first; a failure shows the §8 message and keeps what was
 * typed; a success calls `onApplied` (reload + the notification count).
 */
export function ReviewForm({
  transaction,
  partyRole: role,
  otherName,
  onApplied,
  api = defaultApi,
  initial,
}: {
  transaction: Pick<TransactionView, 'id' | 'version'>;
  partyRole: Role;
  otherName: string;
  onApplied: () => void | Promise<void>;
  api?: ReviewApi;
  initial?: Partial<ReviewFormState>;
}) {
  const [state, update] = usePanelState(emptyState, initial);
  const [focusRequest, setFocusRequest] = useState(0);
  const ratingErrorId = useId();
  const ratingGroupRef = useRef<HTMLFieldSetElement>(null);
  const open = state.open;

  useEffect(() => {
    if (open) ratingGroupRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each invalid submit
  useEffect(() => {
    if (!focusRequest) return;
    const field = firstInvalidField(state.fieldErrors);
    if (field === 'reviewRating') {
      const inputs = ratingGroupRef.current?.querySelectorAll<HTMLInputElement>('input');
      const checked = Array.from(inputs ?? []).find((input) => input.checked);
      (checked ?? inputs?.[0])?.focus();
    }
    if (field === 'reviewContent') document.getElementById('tx-review-content')?.focus();
  }, [focusRequest]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.pending) return;
    const fieldErrors = reviewFormErrors(state);
    if (firstInvalidField(fieldErrors)) {
      update({ fieldErrors, error: null });
      setFocusRequest((n) => n + 1);
      return;
    }
    update({ pending: true, error: null, fieldErrors: {} });
    try {
      await submitReview(
        api,
        transaction,
        role,
        { reviewRating: state.reviewRating as number, reviewContent: state.reviewContent },
        errorCode,
      );
    } catch (failure) {
      reportError(failure, 'review-failed');
      update({ pending: false, error: reviewErrorMessage(errorCode(failure), isNetworkError(failure)) });
      return;
    }
    forgetUserReviews();
    try {
      await onApplied();
    } finally {
      update({ pending: false });
    }
  };

  const ratingMessage = state.fieldErrors.reviewRating;
  const chosen = state.reviewRating ?? 0;

  return (
    <section className="tx-section tx-review" aria-labelledby="review-heading">
      <h2 id="review-heading">Review</h2>
      <p className="visually-hidden" role="status">
        {state.pending ? 'Sending review…' : ''}
      </p>
      {state.open ? (
        <form className="form tx-action" onSubmit={submit} noValidate aria-label="Leave a review">
          <fieldset
            ref={ratingGroupRef}
            className={`review-star-group${ratingMessage ? ' review-star-group-invalid' : ''}`}
            {...(ratingMessage ? { 'aria-describedby': ratingErrorId } : {})}
          >
            <legend>Rate {otherName}</legend>
            <div className="review-star-options">
              {RATINGS.map((value) => (
                <label key={value} className="review-star-option">
                  <input
                    type="radio"
                    name="reviewRating"
                    value={value}
                    checked={state.reviewRating === value}
                    required
                    onChange={() =>
                      update({
                        reviewRating: value,
                        fieldErrors: { ...state.fieldErrors, reviewRating: undefined },
                      })
                    }
                  />
                  <svg
                    className={`review-rating-star star star-${value <= chosen ? 'full' : 'empty'}`}
                    viewBox="0 0 24 24"
                    width="1em"
                    height="1em"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <path className="star-outline" d={starPath} />
                    {value <= chosen ? <path className="star-fill" d={starPath} /> : null}
                  </svg>
                  <span className="visually-hidden">
                    {value} {value === 1 ? 'star' : 'stars'}
                  </span>
                </label>
              ))}
            </div>
            {state.reviewRating ? (
              <p className="review-star-choice" aria-hidden="true">
                {state.reviewRating} out of 5
              </p>
            ) : null}
            {ratingMessage ? (
              <p id={ratingErrorId} className="field-error">
                {ratingMessage}
              </p>
            ) : null}
          </fieldset>
          <FieldFrame
            id="tx-review-content"
            label="Your review"
            hint={`Tell others how the order went with ${otherName}.`}
            message={state.fieldErrors.reviewContent}
            control={(ids) => (
              <textarea
                {...ids}
                name="reviewContent"
                rows={5}
                value={state.reviewContent}
                aria-required
                onChange={(event) =>
                  update({
                    reviewContent: event.target.value,
                    fieldErrors: { ...state.fieldErrors, reviewContent: undefined },
                  })
                }
              />
            )}
          />
          {state.error ? <FocusedError message={state.error} /> : null}
          <div className="tx-action-buttons">
            <ProgressButton
              type="submit"
              className="button button-primary"
              pending={state.pending}
              disabled={state.pending}
              progressLabel="Sending review…"
            >
              Send review
            </ProgressButton>
            <button
              type="button"
              className="button"
              disabled={state.pending}
              onClick={() => update({ open: false, fieldErrors: {}, error: null })}
            >
              Back
            </button>
          </div>
        </form>
      ) : (
        <div className="tx-action">
          <p>Tell others how the order went with {otherName}.</p>
          <button type="button" className="button button-primary" onClick={() => update({ open: true })}>
            Leave a review
          </button>
        </div>
      )}
    </section>
  );
}

/** The order's reviews: the caller's own (pending: when it is published) and the other party's published one. */
export function OrderReviews({
  reviews,
  userId,
  otherName,
  now,
}: {
  reviews: readonly ReviewView[];
  userId: string | undefined;
  otherName: string;
  now?: Date;
}) {
  const items = orderReviewItems(reviews, userId, otherName);
  if (items.length === 0) return null;
  return (
    <section className="tx-section tx-reviews" aria-labelledby="tx-reviews-heading">
      <h2 id="tx-reviews-heading">Reviews</h2>
      <ul className="review-list">
        {items.map(({ review, heading, pendingNote }) => (
          <li key={review.id} className="review-item review-item-plain">
            <div className="review-item-body">
              <h3 className="review-item-header">
                <span className="review-item-author">{heading}</span>
                <ReviewRating rating={review.rating} />
                <DateLabel date={review.createdAt} className="review-item-date" {...(now ? { now } : {})} />
              </h3>
              <p className="review-item-content">{review.content}</p>
              {pendingNote ? <p className="review-pending-note">{pendingNote}</p> : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
