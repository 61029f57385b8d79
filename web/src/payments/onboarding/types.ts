import type { StripeAccountLinkRequest } from '../../../../shared/api/payments';

/** The tag of the component's section headings (the page's title is one level above). */
export type HeadingTag = 'h2' | 'h3';

/** The kind of account link a button asks for: first onboarding, or updating a rejected account. */
export type LinkType = StripeAccountLinkRequest['type'];
