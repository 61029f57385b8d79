import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { completedSalesText, memberSinceText, SellerFiguresList } from './SellerFigures';

describe('seller figures', () => {
  it('names the month the seller joined, and nothing for a bad value', () => {
    expect(memberSinceText('2026-03')).toBe('Member since March 2026');
    expect(memberSinceText('2025-12')).toBe('Member since December 2025');
    expect(memberSinceText(undefined)).toBeUndefined();
    expect(memberSinceText('March')).toBeUndefined();
  });

  it('counts sales in words', () => {
    expect(completedSalesText(1)).toBe('1 completed sale');
    expect(completedSalesText(0)).toBe('0 completed sales');
  });

  it('shows the stars and the number, the reviews, the sales and the month; no stars without reviews', () => {
    const html = renderToString(
      <SellerFiguresList
        figures={{ averageRating: 4.8, reviewCount: 12, completedSales: 30, memberSince: '2024-05' }}
      />,
    );
    expect(html).toContain('Rated 4.8 out of 5 stars');
    expect(html).toContain('>4.8<');
    expect(html).toContain('12 reviews');
    expect(html).toContain('30 completed sales');
    expect(html).toContain('Member since May 2024');
    const none = renderToString(<SellerFiguresList figures={{ reviewCount: 0, completedSales: 0 }} />);
    expect(none).toContain('No reviews yet');
    expect(none).not.toContain('Rated');
  });
});
