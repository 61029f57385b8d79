import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cardBrands } from '../../../shared/config/card-brands';
import { CardBrandIcon, cardBrandName } from './CardBrandIcon';

describe('CardBrandIcon (§3 card brands with icons)', () => {
  it('names every brand of the spec', () => {
    for (const [key, name] of Object.entries(cardBrands)) {
      expect(cardBrandName(key)).toBe(name);
      const markup = renderToStaticMarkup(<CardBrandIcon brand={key} />);
      expect(markup).toContain('role="img"');
      expect(markup).toContain(`aria-label="${name}"`);
    }
  });

  it('draws a generic card for an unknown brand', () => {
    expect(cardBrandName('unknown')).toBe('Card');
    expect(cardBrandName('discover')).toBe('Card');
    expect(renderToStaticMarkup(<CardBrandIcon brand="unknown" />)).toContain('aria-label="Card"');
  });

  it('draws different art for different brands', () => {
    const visa = renderToStaticMarkup(<CardBrandIcon brand="visa" />);
    const mastercard = renderToStaticMarkup(<CardBrandIcon brand="mastercard" />);
    expect(visa).toContain('VISA');
    expect(mastercard).not.toBe(visa);
    expect(mastercard).toContain('circle');
  });
});
