/**
 * Leaving a review on the order/sale page (spec §4 review, §5 review validation, §8) as
 * pure logic: whether the caller may review now, the transitions to send (review-1 first, then
 * review-2 when the first is refused as already reviewed), the form's checks and what a failure
 * says. No React and no fetch here (review.test.ts).
 */
import type {
  AllowedTransitionView,
  ReviewView,
  TransactionView,
  TransitionRequest,
} from '../../../../shared/api/transactions';
import { messages } from '../../../../shared/errors/catalogue';
import type { Role, TransitionName } from '../../../../shared/process/graph';
import { type ReviewValues, validateReview } from '../../../../shared/validation/orders';

/** The two review transitions of a role, in the order they are tried (spec §4). */
export function reviewTransitions(role: Role): readonly [TransitionName, TransitionName] {
  return role === 'customer'
    ? ['review-1-by-customer', 'review-2-by-customer']
    : ['review-1-by-provider', 'review-2-by-provider'];
}

/**
 * Whether the caller may leave a review now: the server lists one of the role's review transitions
 * (completed, or reviewed by the other party, and the window still open).
 */
export function canReview(allowed: readonly AllowedTransitionView[], role: Role): boolean {
  const names: readonly string[] = reviewTransitions(role);
  return allowed.some(({ name }) => names.includes(name));
}

/** The already-reviewed refusals (§8): review-1 after the other party reviewed, or a second review. */
export function isAlreadyReviewedCode(code: string | undefined): boolean {
  return (
    code === 'transaction-already-reviewed-by-customer' || code === 'transaction-already-reviewed-by-provider'
  );
}

export interface ReviewInput {
  reviewRating: number;
  reviewContent: string;
}

export interface ReviewApi {
  transition(id: string, body: TransitionRequest): Promise<unknown>;
}

/** Reads the error code of a failed call (the app's ApiRequestError, or anything with a `code`). */
export type ErrorCodeOf = (failure: unknown) => string | undefined;

/**
 * Sends the review (spec §4): review-1-by-<role>; if that is refused as already reviewed (the other
 * party reviewed first), review-2-by-<role> once. Any other failure, and a failure of the second
 * try, is thrown. Answers the transition that was applied.
 */
export async function submitReview(
  api: ReviewApi,
  tx: Pick<TransactionView, 'id' | 'version'>,
  role: Role,
  input: ReviewInput,
  codeOf: ErrorCodeOf,
): Promise<TransitionName> {
  const [first, second] = reviewTransitions(role);
  const body = (transition: TransitionName): TransitionRequest => ({
    transition,
    expectedVersion: tx.version,
    params: { reviewRating: input.reviewRating, reviewContent: input.reviewContent.trim() },
  });
  try {
    await api.transition(tx.id, body(first));
    return first;
  } catch (failure) {
    if (!isAlreadyReviewedCode(codeOf(failure))) throw failure;
  }
  await api.transition(tx.id, body(second));
  return second;
}

/** The §8 message of a failed review: already sent, or "failed to leave a review". */
export function reviewErrorMessage(code: string | undefined, network = false): string {
  if (isAlreadyReviewedCode(code)) return messages.reviewAlreadySent;
  if (code === 'transition-in-progress') return messages.transitionInProgress;
  if (network) return messages.reviewSubmitFailed;
  return messages.leaveReviewFailed;
}

/** The form's values as typed: the rating is empty until a star is chosen. */
export interface ReviewFormValues {
  reviewRating: number | null;
  reviewContent: string;
}

export type ReviewFieldErrors = Partial<Record<keyof ReviewFormValues, string>>;

/** §5: rating 1–5 and a message (shared `validateReview`, so the server's rules and texts). */
export function reviewFormErrors(values: ReviewFormValues): ReviewFieldErrors {
  const shared: Partial<ReviewValues> = {
    ...(values.reviewRating === null ? {} : { reviewRating: values.reviewRating }),
    reviewContent: values.reviewContent,
  };
  const errors = validateReview(shared) as Partial<Record<keyof ReviewValues, string | undefined>>;
  const result: ReviewFieldErrors = {};
  if (errors.reviewRating) result.reviewRating = errors.reviewRating;
  if (errors.reviewContent) result.reviewContent = errors.reviewContent;
  return result;
}

/** The field to focus after an invalid submit: the first with a message, in the form's order. */
export function firstInvalidField(errors: ReviewFieldErrors): keyof ReviewFormValues | undefined {
  if (errors.reviewRating) return 'reviewRating';
  if (errors.reviewContent) return 'reviewContent';
  return undefined;
}

// ---- The order's reviews

export interface OrderReviewItem {
  review: ReviewView;
  /** "Your review" or "<name>'s review". */
  heading: string;
  /** For a pending review of the caller: when it is published. */
  pendingNote?: string;
}

/** The line under the caller's own pending review. */
export function pendingReviewNote(otherName: string): string {
  return `Your review will be published when ${otherName} has reviewed too, or when the review period ends.`;
}

/** The order's reviews as the page shows them: the caller's own first, then the other party's. */
export function orderReviewItems(
  reviews: readonly ReviewView[],
  userId: string | undefined,
  otherName: string,
): OrderReviewItem[] {
  const own = reviews.filter((review) => review.authorId === userId);
  const others = reviews.filter((review) => review.authorId !== userId && review.state === 'public');
  return [
    ...own.map((review) => ({
      review,
      heading: 'Your review',
      ...(review.state === 'pending' ? { pendingNote: pendingReviewNote(otherName) } : {}),
    })),
    ...others.map((review) => ({ review, heading: `${otherName}'s review` })),
  ];
}
