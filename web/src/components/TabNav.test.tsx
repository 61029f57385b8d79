import { describe, expect, it } from 'vitest';
import { accountSettingsTabs } from '../pages/account/AccountSettingsLayout';
import { ManageTabs, manageTabs } from './ManageTabs';
import { currentTabId, TabNav } from './TabNav';
import { renderAt } from './test-router';

/** [text, current?] of each tab link, in order. */
function tabs(html: string): [string, boolean][] {
  return [...html.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map((m) => [
    m[2]!,
    m[1]!.includes('aria-current="page"'),
  ]);
}

const sideTabs = <TabNav tabs={accountSettingsTabs} label="Account settings" orientation="vertical" />;

describe('TabNav', () => {
  it('is a labelled nav of links with the current tab marked', async () => {
    const html = await renderAt('/account/change-password', sideTabs);
    expect(html).toContain('<nav class="tab-nav tab-nav-vertical" aria-label="Account settings">');
    expect(html).toContain('href="/account/contact-details"');
    expect(html).toContain('href="/account/change-password"');
    expect(html).toContain('href="/account/payments"');
    expect(tabs(html)).toEqual([
      ['Contact details', false],
      ['Password', true],
      ['Payments', false],
    ]);
    expect(html.match(/aria-current/g)).toHaveLength(1);
    expect(html).not.toContain('class="active"');
  });

  it('keeps a tab current on the pages below it and on its other paths', async () => {
    for (const path of ['/account/payments', '/account/payments/success', '/account/paypal']) {
      expect(tabs(await renderAt(path, sideTabs))[2], path).toEqual(['Payments', true]);
    }
    expect(tabs(await renderAt('/account/contact-details', sideTabs))[0]).toEqual(['Contact details', true]);
  });

  it('marks no tab on a page outside them, unless told which one is current', async () => {
    expect(tabs(await renderAt('/s', sideTabs)).some(([, current]) => current)).toBe(false);
    const forced = await renderAt(
      '/styleguide',
      <TabNav tabs={accountSettingsTabs} label="Example" current="payments" className="extra" />,
    );
    expect(forced).toContain('<nav class="tab-nav tab-nav-horizontal extra" aria-label="Example">');
    expect(tabs(forced)).toEqual([
      ['Contact details', false],
      ['Password', false],
      ['Payments', true],
    ]);
  });
});

describe('currentTabId', () => {
  const list = [
    { id: 'all', label: 'All', href: '/things' },
    { id: 'new', label: 'New', href: '/things/new?sort=date' },
    { id: 'root', label: 'Home', href: '/' },
  ];

  it('picks the most specific match and compares whole path segments', () => {
    expect(currentTabId(list, '/things')).toBe('all');
    expect(currentTabId(list, '/things/new')).toBe('new');
    expect(currentTabId(list, '/things/new/2')).toBe('new');
    expect(currentTabId(list, '/things/old')).toBe('all');
    expect(currentTabId(list, '/thingsandmore')).toBe('root');
    expect(currentTabId(list.slice(0, 2), '/thingsandmore')).toBeUndefined();
    expect(currentTabId([{ id: 'a', label: 'A', href: '/a', activePaths: ['/b/'] }], '/b')).toBe('a');
  });
});

describe('ManageTabs (§2)', () => {
  it('links to your listings, profile settings and account settings', async () => {
    expect(manageTabs.map((tab) => tab.href)).toEqual([
      '/listings',
      '/profile-settings',
      '/account/contact-details',
    ]);
    const html = await renderAt('/profile-settings', <ManageTabs />);
    expect(html).toContain(
      '<div class="manage-tabs"><nav class="tab-nav tab-nav-horizontal" aria-label="Your account">',
    );
    expect(tabs(html)).toEqual([
      ['Your listings', false],
      ['Profile settings', true],
      ['Account settings', false],
    ]);
  });

  it('keeps account settings current on every account page', async () => {
    for (const path of ['/account/contact-details', '/account/change-password', '/account/payments']) {
      expect(tabs(await renderAt(path, <ManageTabs />))[2], path).toEqual(['Account settings', true]);
    }
    expect(tabs(await renderAt('/listings', <ManageTabs />))[0]).toEqual(['Your listings', true]);
  });
});
