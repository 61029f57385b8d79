/**
 * Which review transition applies (§4): the reviewer's role picks it. From `completed` the first
 * review (`review-1-by-<role>`); after the other party reviewed, the second (`review-2-by-<role>`).
 * If the first review transition is refused as already reviewed, the second is tried.
 */
import type { ProcessState, Role, TransitionName } from './graph';

export const reviewTransitions = {
  customer: { first: 'review-1-by-customer', second: 'review-2-by-customer' },
  provider: { first: 'review-1-by-provider', second: 'review-2-by-provider' },
} as const satisfies Record<Role, { first: TransitionName; second: TransitionName }>;

/** The review transition `role` takes from `state`, or undefined when it cannot review now. */
export function reviewTransitionFor(state: ProcessState, role: Role): TransitionName | undefined {
  if (state === 'completed') return reviewTransitions[role].first;
  if (state === 'reviewed-by-customer' && role === 'provider') return reviewTransitions.provider.second;
  if (state === 'reviewed-by-provider' && role === 'customer') return reviewTransitions.customer.second;
  return undefined;
}

/** The transition to try after `transition` was refused as already reviewed, if any. */
export function fallbackReviewTransition(transition: string): TransitionName | undefined {
  if (transition === reviewTransitions.customer.first) return reviewTransitions.customer.second;
  if (transition === reviewTransitions.provider.first) return reviewTransitions.provider.second;
  return undefined;
}

/** Whether `role` can still leave a review in `state`. */
export function canReview(state: ProcessState, role: Role): boolean {
  return reviewTransitionFor(state, role) !== undefined;
}

/** The review type a role writes: customers review the provider and vice versa (§3 review type). */
export function reviewTypeBy(role: Role): 'ofProvider' | 'ofCustomer' {
  return role === 'customer' ? 'ofProvider' : 'ofCustomer';
}
