import { afterEach, describe, expect, it } from 'vitest';
import { en } from './en';
import { mergeTranslations, translate } from './translations';

afterEach(() => mergeTranslations({}));

describe('translations', () => {
  it('shows the bundled English until hosted copy arrives', () => {
    expect(translate('TopBar.shopNow')).toBe(en['TopBar.shopNow']);
  });

  it('merges hosted copy over the bundled English, ignoring unknown keys and blank text', () => {
    mergeTranslations({ 'TopBar.shopNow': 'Browse', 'TopBar.sell': '  ', 'Nope.key': 'x' });
    expect(translate('TopBar.shopNow')).toBe('Browse');
    expect(translate('TopBar.sell')).toBe(en['TopBar.sell']);
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(translate('MobileMenu.greeting', { name: 'Maya' })).toBe('Hello, Maya');
    expect(translate('MobileMenu.greeting', {})).toBe('Hello, {name}');
  });
});
