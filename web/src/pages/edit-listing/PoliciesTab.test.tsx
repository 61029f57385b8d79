import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PoliciesTab } from './PoliciesTab';

const noop = () => {};

describe('the policies tab (issue 24)', () => {
  it('says payment goes through Velo Exchange and never suggests paying off the platform', () => {
    const html = renderToStaticMarkup(
      <PoliciesTab
        listing={undefined}
        type="new"
        save={() => Promise.reject(new Error('not in this test'))}
        onListingChange={noop}
        goToNextTab={noop}
      />,
    );
    expect(html).toContain('Payment always goes through Velo Exchange');
    expect(html).not.toMatch(/cash|e-transfer/i);
  });
});
