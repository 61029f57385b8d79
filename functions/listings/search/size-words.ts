import { type Size, sizes } from '../../../shared/config/listing-fields';

/**
 * Size words in a search's keywords ("56 cm", "size M", "XL", "frame 54"), taken out so the search
 * can apply them as the frame size filters instead of looking for the words in listings' text.
 * Only what cannot mean anything else is taken: "M", "S" and "L" alone are ordinary words (and "S"
 * is in "s-works"), so they need "size" or "frame" before them; a bare number is a model number or
 * a wheel ("29er"), so it needs "cm" or "frame"; "size 42" is as likely a shoe, so "size" before a
 * number needs "cm" too. A cm figure beside handlebars or a helmet is that part's size, not a frame's.
 */

export type SizeLetter = Exclude<Size, 'other'>;

export interface SizeWords {
  /** The keywords without the size words (words as given, single spaces). */
  keywords: string;
  /** The size letters asked for, in the query's order, each once. */
  sizes: SizeLetter[];
  /** A frame size in cm, the first one given. */
  cm?: number;
}

const sizeLetters = new Set(Object.keys(sizes).filter((key) => key !== 'other'));
/** Letters clear enough to stand alone. */
const lettersAlone = new Set<string>(['xs', 'xl', 'xxl']);
const sizeNames: Record<string, SizeLetter> = { small: 's', medium: 'm', large: 'l' };
/** Frame sizes in cm run from a kid's 30 to the tallest road frames' 64 and a little beyond. */
const frameCm = { min: 30, max: 70 } as const;
/** Parts sold by a size in cm in the frame range (bar width, head circumference). */
const partsSizedInCm = new Set(['bar', 'bars', 'handlebar', 'handlebars', 'helmet', 'helmets']);

/** What the query asks for, with what it takes up (from the word at `start`, `length` words). */
type Found = { length: number; size?: SizeLetter; cm?: number };

/** Whether the keywords asked for a frame size at all. */
export const asksForSize = (words: SizeWords) => words.sizes.length > 0 || words.cm !== undefined;

export function sizeWordsOf(keywords: string): SizeWords {
  const words = keywords.split(/\s+/).filter(Boolean);
  const plain = words.map(normalised);
  const barePartSize = plain.some((word) => partsSizedInCm.has(word));
  const kept: string[] = [];
  const found: SizeLetter[] = [];
  let cm: number | undefined;
  for (let i = 0; i < words.length; ) {
    const size = sizeAt(plain, i, barePartSize);
    if (!size || (size.cm !== undefined && cm !== undefined)) {
      kept.push(words[i]!);
      i++;
      continue;
    }
    if (size.size && !found.includes(size.size)) found.push(size.size);
    if (size.cm !== undefined) cm = size.cm;
    i += size.length;
  }
  return { keywords: kept.join(' '), sizes: found, ...(cm !== undefined ? { cm } : {}) };
}

/** The size the words from `i` on begin with, if any. */
function sizeAt(plain: string[], i: number, barePartSize: boolean): Found | undefined {
  const word = plain[i]!;
  if (lettersAlone.has(word)) return { length: 1, size: word as SizeLetter };
  if (word === 'size' || word === 'frame') {
    const named = word === 'frame' && plain[i + 1] === 'size' ? 2 : 1;
    const next = plain[i + named];
    if (next === undefined) return undefined;
    const letter = sizeLetters.has(next) ? (next as SizeLetter) : sizeNames[next];
    if (letter) return { length: named + 1, size: letter };
    const measured = cmAt(plain, i + named);
    if (measured) return { ...measured, length: named + measured.length };
    // "frame 54": a frame's number is its size in cm; "size 54" may be a shoe.
    const bare = word === 'frame' ? centimetres(next) : undefined;
    return bare === undefined ? undefined : { length: named + 1, cm: bare };
  }
  return barePartSize ? undefined : cmAt(plain, i);
}

/** "56cm" or "56 cm" at `i`. */
function cmAt(plain: string[], i: number): Found | undefined {
  const word = plain[i]!;
  if (word.endsWith('cm')) {
    const cm = centimetres(word.slice(0, -2));
    return cm === undefined ? undefined : { length: 1, cm };
  }
  const cm = plain[i + 1] === 'cm' ? centimetres(word) : undefined;
  return cm === undefined ? undefined : { length: 2, cm };
}

/** "56", "56.5" or "56,5" in the frame range, as a number. */
function centimetres(text: string): number | undefined {
  if (!/^\d{2}([.,]\d)?$/.test(text)) return undefined;
  const cm = Number(text.replace(',', '.'));
  return cm >= frameCm.min && cm <= frameCm.max ? cm : undefined;
}

/** Lower case without the punctuation around it ("XL," → "xl", "(56cm)" → "56cm"). */
const normalised = (word: string) => word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
