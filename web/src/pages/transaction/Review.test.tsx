import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ReviewView } from '../../../../shared/api/transactions';
import { messages } from '../../../../shared/errors/catalogue';
import { reviewMessages } from '../../../../shared/validation/messages';
import { OrderReviews, ReviewForm } from './Review';

const tx = { id: 'tx1', version: 3 };
const noop = () => {};

describe('the review form', () => {
  it('starts as a "Leave a review" button', () => {
    const html = renderToString(
      <ReviewForm transaction={tx} partyRole="customer" otherName="Maya T" onApplied={noop} />,
    );
    expect(html).toMatch(/<button[^>]*>Leave a review<\/button>/);
    expect(html).not.toContain('<form');
  });

  it('is a labelled radio group of 1 to 5 stars and a labelled text area', () => {
    const html = renderToString(
      <ReviewForm
        transaction={tx}
        partyRole="customer"
        otherName="Maya T"
        onApplied={noop}
        initial={{ open: true }}
      />,
    );
    expect(html).toContain('aria-label="Leave a review"');
    expect(html).toMatch(/<fieldset[^>]*><legend>Rate <!-- -->Maya T<\/legend>/);
    expect(html.match(/<input type="radio"[^>]*name="reviewRating"/g)).toHaveLength(5);
    // Each radio's name: "1 star" … "5 stars" (the stars themselves are hidden from assistive tech).
    expect(html.replace(/<!-- -->/g, '')).toContain('<span class="visually-hidden">1 star</span>');
    expect(html.replace(/<!-- -->/g, '')).toContain('<span class="visually-hidden">5 stars</span>');
    expect(html).toMatch(/<label for="tx-review-content">Your review<\/label>/);
    expect(html).toContain('name="reviewContent"');
    expect(html).toMatch(/<button type="submit"[^>]*>Send review<\/button>/);
  });

  it('shows the §5 messages linked to their fields', () => {
    const html = renderToString(
      <ReviewForm
        transaction={tx}
        partyRole="provider"
        otherName="Sam"
        onApplied={noop}
        initial={{
          open: true,
          fieldErrors: {
            reviewRating: reviewMessages.ratingRequired,
            reviewContent: reviewMessages.contentRequired,
          },
        }}
      />,
    );
    expect(html).toContain('Rating is required.');
    expect(html).toContain('You need to add a message to leave a review.');
    expect(html).toMatch(/<fieldset[^>]*aria-describedby="[^"]+"/);
    expect(html).toMatch(
      /<textarea[^>]*aria-invalid="true"[^>]*aria-describedby="tx-review-content-hint tx-review-content-error"/,
    );
  });

  it('shows its progress while sending, and a failure with the typed text kept', () => {
    const sending = renderToString(
      <ReviewForm
        transaction={tx}
        partyRole="customer"
        otherName="Maya T"
        onApplied={noop}
        initial={{ open: true, pending: true, reviewRating: 4, reviewContent: 'Lovely bike' }}
      />,
    );
    expect(sending).toMatch(
      /<button type="submit"[^>]*disabled=""[^>]*aria-busy="true"[^>]*>Sending review…<\/button>/,
    );
    const failed = renderToString(
      <ReviewForm
        transaction={tx}
        partyRole="customer"
        otherName="Maya T"
        onApplied={noop}
        initial={{
          open: true,
          reviewRating: 4,
          reviewContent: 'Lovely bike',
          error: messages.leaveReviewFailed,
        }}
      />,
    );
    expect(failed).toContain('role="alert"');
    expect(failed).toContain('Oops, failed to leave a review. Please refresh the page and try again.');
    expect(failed).toContain('>Lovely bike</textarea>');
    expect(failed).toMatch(/<input[^>]*(value="4"[^>]*checked=""|checked=""[^>]*value="4")/);
  });
});

describe("the order's reviews", () => {
  const review: ReviewView = {
    id: 'r1',
    type: 'ofProvider',
    rating: 4,
    content: 'Quick and friendly',
    createdAt: '2026-03-01T10:00:00.000Z',
    authorId: 'buyer',
    subjectId: 'seller',
    state: 'pending',
  };

  it("shows the caller's pending review with when it is published", () => {
    const html = renderToString(<OrderReviews reviews={[review]} userId="buyer" otherName="Maya T" />);
    expect(html).toContain('Your review');
    expect(html).toContain('aria-label="Rated 4 out of 5 stars"');
    expect(html).toContain('Quick and friendly');
    expect(html).toContain(
      'Your review will be published when Maya T has reviewed too, or when the review period ends.',
    );
  });

  it('shows nothing without reviews', () => {
    expect(renderToString(<OrderReviews reviews={[]} userId="buyer" otherName="Maya T" />)).toBe('');
  });
});
