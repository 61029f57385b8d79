import { useEffect, useState } from 'react';
import type { SellerFigures } from '../../../shared/api/account';
import { getUser } from '../api/endpoints';
import { formatRating, ReviewRating, reviewCountText } from './ReviewRating';
import './reviews.css';

/** "Member since March 2026" from the API's `YYYY-MM`; nothing for anything else. */
export function memberSinceText(month: string | undefined): string | undefined {
  const match = month ? /^(\d{4})-(\d{2})$/.exec(month) : null;
  if (!match) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  const label = date.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return `Member since ${label}`;
}

/** "1 completed sale", "12 completed sales". */
export function completedSalesText(count: number): string {
  return `${count} completed ${count === 1 ? 'sale' : 'sales'}`;
}

/**
 * A seller's four figures (issue 24): the average rating as stars and a number ("4.8"), the number
 * of reviews, completed sales and "Member since <month year>". No stars without reviews.
 */
export function SellerFiguresList({ figures }: { figures: SellerFigures }) {
  const since = memberSinceText(figures.memberSince);
  return (
    <ul className="seller-figures">
      <li className="seller-figures-rating">
        {figures.averageRating !== undefined && figures.reviewCount > 0 ? (
          <>
            <ReviewRating rating={figures.averageRating} />
            <strong aria-hidden="true">{formatRating(figures.averageRating)}</strong>
            <span>{reviewCountText(figures.reviewCount)}</span>
          </>
        ) : (
          <span>No reviews yet</span>
        )}
      </li>
      <li>{completedSalesText(figures.completedSales)}</li>
      {since ? <li>{since}</li> : null}
    </ul>
  );
}

/**
 * The figures of `userId`, asked after the first paint (an effect) so the listing page never waits
 * for them; undefined until they arrive, and if they cannot be had (the card then shows the name only).
 */
export function useSellerFigures(userId: string | undefined): SellerFigures | 'loading' | undefined {
  const [figures, setFigures] = useState<SellerFigures | 'loading' | undefined>(
    userId ? 'loading' : undefined,
  );
  useEffect(() => {
    if (!userId) return;
    let current = true;
    setFigures('loading');
    getUser(userId).then(
      (user) => current && setFigures(user.figures),
      () => current && setFigures(undefined),
    );
    return () => {
      current = false;
    };
  }, [userId]);
  return figures;
}
