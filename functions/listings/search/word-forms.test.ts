import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oneEditApart, stem, TypoNeighbours } from './word-forms';

describe('stem', () => {
  it('drops -s, -es after s/x/ch/sh, and turns -ies into -y', () => {
    expect(stem('wheels')).toBe('wheel');
    expect(stem('tyres')).toBe('tyre');
    expect(stem('shoes')).toBe('shoe');
    expect(stem('glasses')).toBe('glass');
    expect(stem('boxes')).toBe('box');
    expect(stem('switches')).toBe('switch');
    expect(stem('brushes')).toBe('brush');
    expect(stem('accessories')).toBe('accessory');
    expect(stem('sizes')).toBe(stem('size'));
    expect(stem('cases')).toBe('case');
  });

  it('gives a singular and its plural the same stem', () => {
    for (const [one, many] of [
      ['wheel', 'wheels'],
      ['glass', 'glasses'],
      ['accessory', 'accessories'],
      ['hoodie', 'hoodies'],
      ['bootie', 'booties'],
      ['pedal', 'pedals'],
    ]) {
      expect(stem(many!)).toBe(stem(one!));
    }
  });

  it('leaves short words, -ss, -us and -is endings, and other words alone', () => {
    for (const word of [
      'gps',
      'abs',
      'bus',
      'cross',
      'glass',
      'tubeless',
      'chorus',
      'axis',
      'wheel',
      'r8000',
      'x',
    ]) {
      expect(stem(word)).toBe(word);
    }
    expect(stem('ties')).toBe('tie');
  });
});

describe('oneEditApart', () => {
  it('is true for one letter changed, added, removed, or two neighbours swapped', () => {
    expect(oneEditApart('specialised', 'specialized')).toBe(true);
    expect(oneEditApart('shimnao', 'shimano')).toBe(true);
    expect(oneEditApart('cannondal', 'cannondale')).toBe(true);
    expect(oneEditApart('cannondale', 'cannondal')).toBe(true);
    expect(oneEditApart('xshimano', 'shimano')).toBe(true);
    expect(oneEditApart('ab', 'ba')).toBe(true);
  });

  it('is false for the same word and for two edits or more', () => {
    expect(oneEditApart('shimano', 'shimano')).toBe(false);
    expect(oneEditApart('shimano', 'shmiaon')).toBe(false);
    expect(oneEditApart('abc', 'bcd')).toBe(false);
    expect(oneEditApart('abc', 'cba')).toBe(false);
    expect(oneEditApart('campagnolo', 'campagnolos1')).toBe(false);
    expect(oneEditApart('abcd', 'badc')).toBe(false);
  });
});

describe('TypoNeighbours', () => {
  const neighbours = TypoNeighbours.of([
    'shimano',
    'specialized',
    'fork',
    'form',
    'r8000',
    'r7000',
    'wheel',
    'wheels',
    'whee',
  ]);

  it("finds the vocabulary's words one edit away, never the word itself", () => {
    expect(neighbours.of('shimnao')).toEqual(['shimano']);
    expect(neighbours.of('specialised')).toEqual(['specialized']);
    expect(neighbours.of('wheel').sort()).toEqual(['whee', 'wheels']);
    expect(neighbours.of('shimano')).toEqual([]);
  });

  it('gives short words and words with digits no neighbours', () => {
    expect(neighbours.of('fork')).toEqual([]);
    expect(neighbours.of('r8001')).toEqual([]);
    expect(TypoNeighbours.of(['r8000a']).of('r8000b')).toEqual([]);
  });

  it('finds exactly the words a scan of the vocabulary finds', () => {
    // Two letters make many neighbours; digits and short words never match.
    const word = fc.stringMatching(/^[ab1]{3,7}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { minLength: 20, maxLength: 200 }),
        fc.array(word, { maxLength: 20 }),
        (vocabulary, queries) => {
          const neighbours = TypoNeighbours.of(vocabulary);
          for (const query of queries) {
            const scanned = /^[a-z]{5,}$/.test(query)
              ? vocabulary.filter((other) => /^[a-z]{4,}$/.test(other) && oneEditApart(query, other))
              : [];
            expect(neighbours.of(query).sort()).toEqual(scanned.sort());
          }
        },
      ),
    );
  });
});
