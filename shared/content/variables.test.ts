import { describe, expect, it } from 'vitest';
import { legal, minimumUserAge, orderWindows } from '../config/constants';
import { commissionPercent, marketplaceCurrency, marketplaceName } from '../config/marketplace';
import { siteSettings } from '../config/site';
import { fillPlaceholders } from './page-asset';
import { contentVariables } from './variables';

describe('contentVariables', () => {
  it('gives every placeholder from the marketplace configuration, as text', () => {
    expect(contentVariables()).toEqual({
      marketplaceName,
      currency: marketplaceCurrency,
      contactEmail: siteSettings.contactEmail,
      blogUrl: siteSettings.blogUrl,
      feePercent: String(commissionPercent),
      shipWithinDays: String(orderWindows.shipWithinDays),
      cancelWithinHours: String(orderWindows.customerCancelHours),
      reportWithinDays: String(orderWindows.reportProblemDays),
      paymentMinutes: String(orderWindows.paymentMinutes),
      reviewDays: String(orderWindows.reviewDays),
      minimumAge: String(minimumUserAge),
      governingLaw: legal.governingLaw,
      lastUpdated: legal.lastUpdatedLabel,
    });
    for (const value of Object.values(contentVariables())) expect(typeof value).toBe('string');
  });

  it("states the spec's legal terms (§1, §9) when filled in", () => {
    const text = fillPlaceholders(
      'A {feePercent}% fee in {currency}; ship in {shipWithinDays} days; cancel in {cancelWithinHours} hours; ' +
        'report in {reportWithinDays} days; over {minimumAge}; laws of {governingLaw}; updated {lastUpdated}; ' +
        '{contactEmail}; pay in {paymentMinutes} minutes; review in {reviewDays} days; {marketplaceName}, {blogUrl}',
      contentVariables(),
    );
    expect(text).toBe(
      'A 10% fee in USD; ship in 5 days; cancel in 3 hours; report in 3 days; over 13; laws of Canada; ' +
        'updated July 1st, 2021; hello@veloexchange.com; pay in 15 minutes; review in 7 days; ' +
        'Velo Exchange, https://blog.veloexchange.com',
    );
  });

  it('matches the legal constants the pages quote', () => {
    expect(contentVariables().feePercent).toBe(String(legal.feePercent));
  });
});
