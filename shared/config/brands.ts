/**
 * The brand vocabulary (issue 21): canonical names of common bike, component, wheel, tyre, apparel
 * and electronics brands with the other ways people write them. The wizard suggests the names; the
 * search folds a listing's brand with `brandKey`, so "sram ", "Sram" and "SRAM" are one facet value.
 * A brand not listed here is kept as typed (tidied) and still folds to one key.
 */
import { foldKey, tidyName } from '../text/fold';

/** Canonical name → other spellings (case, accents, spaces and hyphens never need listing). */
const brandAliases: Record<string, readonly string[]> = {
  // Bikes and frames.
  Trek: ['Trek Bicycle'],
  Specialized: ['Specialised', 'Specialized Bicycle Components'],
  Canyon: [],
  Cannondale: [],
  Giant: [],
  Liv: [],
  Scott: ['Scott Sports'],
  Cervélo: [],
  Bianchi: [],
  Pinarello: [],
  Orbea: [],
  'Santa Cruz': [],
  Cube: [],
  BMC: ['BMC Switzerland'],
  Ridley: [],
  Factor: [],
  Colnago: [],
  Merida: [],
  Focus: [],
  Rose: [],
  YT: ['YT Industries'],
  Commencal: [],
  Kona: [],
  Marin: [],
  Surly: [],
  Brompton: [],
  'Louis Garneau': ['Garneau'],
  'Rocky Mountain': [],
  Norco: [],
  Devinci: [],
  Pivot: ['Pivot Cycles'],
  Yeti: ['Yeti Cycles'],
  Ibis: [],
  Transition: [],
  Nukeproof: [],
  Whyte: [],
  Lapierre: [],
  Look: [],
  Wilier: ['Wilier Triestina'],
  'De Rosa': [],
  Cinelli: [],
  Felt: [],
  Fuji: [],
  Moots: [],
  OPEN: ['OPEN Cycle'],
  'All-City': [],
  Salsa: [],
  Niner: [],
  GT: [],
  Haro: [],
  Mongoose: [],
  Sunday: [],
  Cult: [],
  Kink: [],
  WeThePeople: ['WTP'],
  Tern: [],
  'Riese & Müller': ['Riese und Müller', 'R&M'],
  'Urban Arrow': [],
  Gazelle: [],
  VanMoof: [],
  // Components, wheels and suspension.
  Shimano: [],
  SRAM: [],
  Campagnolo: ['Campag', 'Campy'],
  'DT Swiss': ['DT'],
  Zipp: [],
  Mavic: [],
  Fox: ['Fox Racing Shox', 'Fox Factory'],
  RockShox: [],
  Bontrager: [],
  Roval: [],
  ENVE: ['ENVE Composites'],
  Fulcrum: [],
  Hunt: ['Hunt Wheels'],
  Reynolds: [],
  'Race Face': [],
  Hope: ['Hope Technology'],
  'Chris King': [],
  Magura: [],
  Hayes: [],
  Thomson: [],
  Ritchey: [],
  Syncros: [],
  Rotor: [],
  Quarq: [],
  Stages: ['Stages Cycling'],
  '4iiii': [],
  Favero: [],
  // Tyres.
  Continental: ['Conti'],
  Schwalbe: [],
  Vittoria: [],
  Pirelli: [],
  Michelin: [],
  Maxxis: [],
  Panaracer: [],
  // Saddles, apparel, helmets, shoes.
  Fizik: [],
  'Selle Italia': [],
  Brooks: ['Brooks England'],
  Giro: [],
  Bell: [],
  POC: [],
  Kask: [],
  MET: [],
  Rapha: [],
  Castelli: [],
  Assos: [],
  Oakley: [],
  Sidi: [],
  // Electronics, trainers and tools.
  Garmin: [],
  Wahoo: ['Wahoo Fitness'],
  Hammerhead: [],
  Tacx: [],
  Elite: [],
  Lezyne: [],
  Topeak: [],
  'Park Tool': [],
};

/** The canonical brand names, for suggestions (alphabetical, accents ignored). */
export const brandNames: readonly string[] = Object.keys(brandAliases).sort((a, b) =>
  a.localeCompare(b, 'en', { sensitivity: 'base' }),
);

const brandByKey = new Map<string, string>();
for (const [name, aliases] of Object.entries(brandAliases)) {
  for (const spelling of [name, ...aliases]) brandByKey.set(foldKey(spelling), name);
}

/** A company word after the name ("Rose Bikes", "Canyon Bicycles") that does not change the brand. */
const companySuffix = /(?:bikes?|bicycles?|cycles?)$/;

/**
 * The canonical name of a brand ("sram " → "SRAM", "cervelo" → "Cervélo", "Rose Bikes" → "Rose");
 * a brand not in the vocabulary is returned tidied (trimmed, single spaces), as typed otherwise.
 */
export function canonicalBrand(raw: string): string {
  const key = foldKey(raw);
  const known = brandByKey.get(key) ?? brandByKey.get(key.replace(companySuffix, ''));
  return known ?? tidyName(raw);
}

/** The facet key of a brand: one key for every spelling of it ("specialized", "Specialized "). */
export function brandKey(raw: string): string {
  return foldKey(canonicalBrand(raw));
}
