import { describe, expect, it } from 'vitest';
import { sizeWordsOf } from './size-words';

describe('sizeWordsOf', () => {
  it('takes a size in cm, with or without a space, and a decimal', () => {
    expect(sizeWordsOf('road bike 56 cm')).toEqual({ keywords: 'road bike', sizes: [], cm: 56 });
    expect(sizeWordsOf('56cm Tarmac')).toEqual({ keywords: 'Tarmac', sizes: [], cm: 56 });
    expect(sizeWordsOf('Tarmac 56CM')).toEqual({ keywords: 'Tarmac', sizes: [], cm: 56 });
    expect(sizeWordsOf('frame 54.5 cm')).toEqual({ keywords: '', sizes: [], cm: 54.5 });
    expect(sizeWordsOf('rahmen 52,5cm')).toEqual({ keywords: 'rahmen', sizes: [], cm: 52.5 });
  });

  it('takes "size" with a letter or a size name, in any case', () => {
    expect(sizeWordsOf('size M road bike')).toEqual({ keywords: 'road bike', sizes: ['m'] });
    expect(sizeWordsOf('road bike size m')).toEqual({ keywords: 'road bike', sizes: ['m'] });
    expect(sizeWordsOf('SIZE s')).toEqual({ keywords: '', sizes: ['s'] });
    expect(sizeWordsOf('jersey size: L')).toEqual({ keywords: 'jersey', sizes: ['l'] });
    expect(sizeWordsOf('size medium')).toEqual({ keywords: '', sizes: ['m'] });
    expect(sizeWordsOf('size XXL jersey')).toEqual({ keywords: 'jersey', sizes: ['xxl'] });
  });

  it('takes XS, XL and XXL alone, each once, in the order given', () => {
    expect(sizeWordsOf('XL gravel bike')).toEqual({ keywords: 'gravel bike', sizes: ['xl'] });
    expect(sizeWordsOf('xxl, xs jersey xl XS')).toEqual({ keywords: 'jersey', sizes: ['xxl', 'xs', 'xl'] });
    expect(sizeWordsOf('size m xl')).toEqual({ keywords: '', sizes: ['m', 'xl'] });
  });

  it('takes "frame" or "frame size" with a number (cm) or a letter', () => {
    expect(sizeWordsOf('frame 54')).toEqual({ keywords: '', sizes: [], cm: 54 });
    expect(sizeWordsOf('Allez frame size 54')).toEqual({ keywords: 'Allez', sizes: [], cm: 54 });
    expect(sizeWordsOf('frame size 56 cm steel')).toEqual({ keywords: 'steel', sizes: [], cm: 56 });
    expect(sizeWordsOf('frame M')).toEqual({ keywords: '', sizes: ['m'] });
    expect(sizeWordsOf('frame size L')).toEqual({ keywords: '', sizes: ['l'] });
  });

  it('leaves words that only look like sizes', () => {
    for (const keywords of [
      'm2 bolts',
      '29er',
      'S-Works Tarmac',
      'M',
      'bike m',
      's l',
      'Trek 520',
      'size 42 shoes',
      'size',
      'frame',
      'carbon frame',
      'frame size',
      'size 3 ball',
      'frame 17',
      '100 cm cable',
      '10cm',
      'cm',
      'xl-frame',
      'xxxl',
      'size x',
    ]) {
      expect(sizeWordsOf(keywords)).toEqual({ keywords, sizes: [] });
    }
  });

  it("leaves a cm figure that is handlebars' or a helmet's size, unless it says frame", () => {
    expect(sizeWordsOf('handlebar 42 cm')).toEqual({ keywords: 'handlebar 42 cm', sizes: [] });
    expect(sizeWordsOf('drop bars 44cm')).toEqual({ keywords: 'drop bars 44cm', sizes: [] });
    expect(sizeWordsOf('helmet 56cm')).toEqual({ keywords: 'helmet 56cm', sizes: [] });
    expect(sizeWordsOf('bike with bars frame 54')).toEqual({ keywords: 'bike with bars', sizes: [], cm: 54 });
  });

  it('takes the first cm figure and leaves the others', () => {
    expect(sizeWordsOf('54cm 56 cm')).toEqual({ keywords: '56 cm', sizes: [], cm: 54 });
  });

  it('gives back the other words as given, single-spaced', () => {
    expect(sizeWordsOf('  Vélo   de route  ')).toEqual({ keywords: 'Vélo de route', sizes: [] });
    expect(sizeWordsOf('')).toEqual({ keywords: '', sizes: [] });
  });
});
