import { describe, expect, it } from 'vitest';
import { listingLiveMail } from './listing-live-mail';

describe('the "Your listing is live" mail (issue 24)', () => {
  const listing = { id: 'l1', slug: 'trek-domane', title: 'Trek <Domane> SL5', state: 'published' as const };

  it('names the listing and links to its page, in text and escaped HTML', () => {
    const mail = listingLiveMail(listing, 'https://velo.example');
    expect(mail.subject).toBe('Your listing is live: Trek <Domane> SL5');
    expect(mail.text).toContain('View your listing: https://velo.example/l/trek-domane/l1');
    expect(mail.text).toContain('Buyers pay through Velo Exchange');
    expect(mail.html).toContain('<a href="https://velo.example/l/trek-domane/l1">View your listing</a>');
    expect(mail.html).toContain('Trek &lt;Domane&gt; SL5');
    expect(mail.html).not.toContain('<Domane>');
  });
});
