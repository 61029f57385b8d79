import { describe, expect, it } from 'vitest';
import { foldKey } from '../text/fold';
import { brandKey, brandNames, canonicalBrand } from './brands';
import { canonicalGroupset, groupsetKey, groupsetNames } from './groupsets';

describe('brands (issue 21)', () => {
  it('folds case, spaces, accents, hyphens and aliases to the canonical name', () => {
    for (const raw of ['SRAM', 'Sram', 'sram ', '  s r a m']) expect(canonicalBrand(raw), raw).toBe('SRAM');
    expect(canonicalBrand('cervelo')).toBe('Cervélo');
    expect(canonicalBrand('CERVÉLO')).toBe('Cervélo');
    expect(canonicalBrand('santa-cruz')).toBe('Santa Cruz');
    expect(canonicalBrand('SantaCruz')).toBe('Santa Cruz');
    expect(canonicalBrand('rock shox')).toBe('RockShox');
    expect(canonicalBrand('dt-swiss')).toBe('DT Swiss');
    expect(canonicalBrand('Specialised')).toBe('Specialized');
    expect(canonicalBrand('YT Industries')).toBe('YT');
    expect(canonicalBrand('campy')).toBe('Campagnolo');
    expect(canonicalBrand('Riese und Muller')).toBe('Riese & Müller');
  });

  it('drops a company word after a known brand, not after an unknown one', () => {
    expect(canonicalBrand('Rose Bikes')).toBe('Rose');
    expect(canonicalBrand('canyon bicycles')).toBe('Canyon');
    expect(canonicalBrand('Pivot Cycles')).toBe('Pivot');
    expect(canonicalBrand('Velo  Bikes ')).toBe('Velo Bikes');
  });

  it('keeps an unknown brand as typed, tidied, with one key for its spellings', () => {
    expect(canonicalBrand('  Stevens   Bikes  ')).toBe('Stevens Bikes');
    expect(canonicalBrand('Bombtrack')).toBe('Bombtrack');
    expect(brandKey('bombtrack ')).toBe(brandKey('BOMBTRACK'));
    expect(brandKey('specialized')).toBe(brandKey('Specialized '));
    expect(brandKey('Sram')).toBe(brandKey('SRAM'));
    expect(brandKey('Trek')).not.toBe(brandKey('Giant'));
    expect(canonicalBrand('')).toBe('');
  });

  it('suggests every brand the issue names, once each, each its own canonical name', () => {
    for (const name of ['Trek', 'Cervélo', 'Santa Cruz', 'YT', 'DT Swiss', 'RockShox', 'Garmin', 'Wahoo']) {
      expect(brandNames, name).toContain(name);
    }
    expect(new Set(brandNames.map(foldKey)).size).toBe(brandNames.length);
    for (const name of brandNames) expect(canonicalBrand(name), name).toBe(name);
  });
});

describe('groupsets (issue 21)', () => {
  it('folds spellings of a group to the maker and the group', () => {
    for (const raw of ['dura ace', 'Dura-Ace', 'DURAACE', 'shimano dura-ace']) {
      expect(canonicalGroupset(raw), raw).toBe('Shimano Dura-Ace');
    }
    expect(canonicalGroupset('Shimano Ultegra R8000')).toBe('Shimano Ultegra');
    expect(canonicalGroupset('Shimano 105 R7000')).toBe('Shimano 105');
    expect(canonicalGroupset('sram force 1')).toBe('SRAM Force');
    expect(canonicalGroupset('X01 Eagle')).toBe('SRAM X01');
    expect(canonicalGroupset('campag chorus 12s')).toBe('Campagnolo Chorus');
  });

  it('finds electronic versions by their words (Di2, AXS or eTap, EPS)', () => {
    expect(canonicalGroupset('Shimano Ultegra Di2 R8170')).toBe('Shimano Ultegra Di2');
    expect(canonicalGroupset('SRAM Red eTap AXS')).toBe('SRAM Red AXS');
    expect(canonicalGroupset('Red eTap')).toBe('SRAM Red AXS');
    expect(canonicalGroupset('GX Eagle AXS')).toBe('SRAM GX AXS');
    expect(canonicalGroupset('Super Record EPS')).toBe('Campagnolo Super Record EPS');
    // Tiagra has no electronic version: the word does not make one up.
    expect(canonicalGroupset('Tiagra Di2')).toBe('Shimano Tiagra');
  });

  it('prefers the longest group name, then the maker named, then the earliest', () => {
    expect(canonicalGroupset('Campagnolo Super Record')).toBe('Campagnolo Super Record');
    expect(canonicalGroupset('Shimano Deore XT M8100')).toBe('Shimano XT');
    expect(canonicalGroupset('Shimano Deore')).toBe('Shimano Deore');
    expect(canonicalGroupset('XTR')).toBe('Shimano XTR');
    expect(canonicalGroupset('red hoods, Shimano 105')).toBe('Shimano 105');
    expect(canonicalGroupset('Ultegra / 105 mix')).toBe('Shimano Ultegra');
  });

  it('keeps an unknown groupset as typed, tidied, with one key for its spellings', () => {
    expect(canonicalGroupset(' Microshift  Advent X ')).toBe('Microshift Advent X');
    expect(groupsetKey('microshift advent-x')).toBe(groupsetKey('Microshift Advent X'));
    expect(groupsetKey('ultegra')).toBe(groupsetKey('Shimano Ultegra R8000'));
    expect(groupsetKey('ultegra')).not.toBe(groupsetKey('ultegra di2'));
    expect(canonicalGroupset('')).toBe('');
  });

  it('suggests every group and its electronic version, each its own canonical name', () => {
    for (const name of ['Shimano Dura-Ace Di2', 'Shimano Deore', 'SRAM X01 AXS', 'Campagnolo Ekar']) {
      expect(groupsetNames, name).toContain(name);
    }
    expect(new Set(groupsetNames.map(foldKey)).size).toBe(groupsetNames.length);
    for (const name of groupsetNames) expect(canonicalGroupset(name), name).toBe(name);
  });
});
