import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  averageText,
  ReviewRating,
  ReviewSummary,
  ratingLabel,
  reviewCountText,
  starFills,
} from './ReviewRating';

describe('the rating display', () => {
  it('says the rating in words', () => {
    expect(ratingLabel(4)).toBe('Rated 4 out of 5 stars');
    expect(ratingLabel(4.5)).toBe('Rated 4.5 out of 5 stars');
    expect(ratingLabel(4.25)).toBe('Rated 4.3 out of 5 stars');
    expect(reviewCountText(1)).toBe('1 review');
    expect(reviewCountText(2)).toBe('2 reviews');
    expect(averageText(4.5, 2)).toBe('4.5 out of 5 · 2 reviews');
    expect(averageText(5, 1)).toBe('5 out of 5 · 1 review');
    expect(averageText(undefined, 0)).toBe('No reviews yet');
  });

  it('fills whole stars and a half star from .5', () => {
    expect(starFills(4)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(starFills(4.5)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(starFills(3.4)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
    expect(starFills(1)).toEqual(['full', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(9)).toEqual(['full', 'full', 'full', 'full', 'full']);
  });

  it('renders decorative stars with a text alternative', () => {
    const html = renderToString(<ReviewRating rating={3} />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Rated 3 out of 5 stars"');
    expect(html.match(/<svg[^>]*aria-hidden="true"/g)).toHaveLength(5);
    expect(html.match(/star-full/g)).toHaveLength(3);
  });

  it('summarizes a group: stars and "4.5 out of 5 · 2 reviews"', () => {
    const html = renderToString(<ReviewSummary averageRating={4.5} count={2} />);
    expect(html).toContain('aria-label="Rated 4.5 out of 5 stars"');
    expect(html).toContain('4.5 out of 5 · 2 reviews');
    expect(renderToString(<ReviewSummary averageRating={undefined} count={0} />)).not.toContain('role="img"');
  });
});
