import { legal, minimumUserAge, orderWindows } from '../config/constants';
import { commissionPercent, marketplaceCurrency, marketplaceName } from '../config/marketplace';
import { siteSettings } from '../config/site';
import type { ContentVariables } from './page-asset';

/**
 * The `{placeholders}` hosted page text may use, from the marketplace configuration: the legal
 * terms (fee, deadlines, age, law, last update), the currency and the contact address.
 */
export function contentVariables(): ContentVariables {
  return {
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
  };
}
