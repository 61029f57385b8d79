/**
 * The groupset vocabulary (issue 21): Shimano, SRAM and Campagnolo groups with the other ways people
 * write them, and their electronic versions (Di2, AXS, EPS). Sellers write a groupset with its
 * model code and more ("Shimano Ultegra R8000 11-speed"), so a groupset is recognised by its group's
 * words anywhere in the text, and folds to the group ("Shimano Ultegra"), or to the group's
 * electronic version when the text names it ("ultegra di2 r8170" → "Shimano Ultegra Di2").
 * Anything else is kept as typed (tidied) and still folds to one key.
 */
import { foldKey, foldWords, tidyName } from '../text/fold';

type Variant = 'Di2' | 'AXS' | 'EPS';

interface Groupset {
  maker: 'Shimano' | 'SRAM' | 'Campagnolo';
  name: string;
  /** Other spellings of the group's own words (the name's folded words always match). */
  aliases?: readonly string[];
  /** The electronic version the group comes in. */
  variant?: Variant;
}

const groupsets: readonly Groupset[] = [
  // Shimano road and gravel.
  { maker: 'Shimano', name: 'Dura-Ace', aliases: ['DuraAce'], variant: 'Di2' },
  { maker: 'Shimano', name: 'Ultegra', variant: 'Di2' },
  { maker: 'Shimano', name: '105', variant: 'Di2' },
  { maker: 'Shimano', name: 'Tiagra' },
  { maker: 'Shimano', name: 'Sora' },
  { maker: 'Shimano', name: 'Claris' },
  { maker: 'Shimano', name: 'GRX', variant: 'Di2' },
  // Shimano mountain.
  { maker: 'Shimano', name: 'XTR', variant: 'Di2' },
  { maker: 'Shimano', name: 'XT', aliases: ['Deore XT'], variant: 'Di2' },
  { maker: 'Shimano', name: 'SLX' },
  { maker: 'Shimano', name: 'Deore' },
  { maker: 'Shimano', name: 'CUES' },
  // SRAM road and gravel (eTap is AXS's road name).
  { maker: 'SRAM', name: 'Red', aliases: ['Red22'], variant: 'AXS' },
  { maker: 'SRAM', name: 'Force', aliases: ['Force22', 'Force1'], variant: 'AXS' },
  { maker: 'SRAM', name: 'Rival', aliases: ['Rival22', 'Rival1'], variant: 'AXS' },
  { maker: 'SRAM', name: 'Apex', aliases: ['Apex1'], variant: 'AXS' },
  // SRAM mountain (Eagle is the 12-speed generation, not a group).
  { maker: 'SRAM', name: 'XX', aliases: ['XX1', 'XX SL'], variant: 'AXS' },
  { maker: 'SRAM', name: 'X01', aliases: ['XO1', 'X0 1'], variant: 'AXS' },
  { maker: 'SRAM', name: 'GX', aliases: ['GX1'], variant: 'AXS' },
  { maker: 'SRAM', name: 'NX', aliases: ['NX1'] },
  { maker: 'SRAM', name: 'SX' },
  // Campagnolo.
  { maker: 'Campagnolo', name: 'Super Record', aliases: ['SuperRecord'], variant: 'EPS' },
  { maker: 'Campagnolo', name: 'Record', variant: 'EPS' },
  { maker: 'Campagnolo', name: 'Chorus', variant: 'EPS' },
  { maker: 'Campagnolo', name: 'Centaur' },
  { maker: 'Campagnolo', name: 'Ekar' },
];

/** The words in a text that name each electronic version. */
const variantWords: Record<Variant, readonly string[]> = {
  Di2: ['di2'],
  AXS: ['axs', 'etap'],
  EPS: ['eps'],
};

const groupName = (group: Groupset, variant?: Variant) =>
  `${group.maker} ${group.name}${variant ? ` ${variant}` : ''}`;

/** Every canonical groupset name, each group then its electronic version, for suggestions. */
export const groupsetNames: readonly string[] = groupsets.flatMap((group) =>
  group.variant ? [groupName(group), groupName(group, group.variant)] : [groupName(group)],
);

/** Each group's spellings as folded words. */
const spellings = groupsets.map((group) => ({
  group,
  words: [group.name, ...(group.aliases ?? [])].map(foldWords),
}));

/** Where `words` occur as a run in `text`, or -1. */
function runAt(text: readonly string[], words: readonly string[]): number {
  for (let start = 0; start + words.length <= text.length; start++) {
    if (words.every((word, i) => text[start + i] === word)) return start;
  }
  return -1;
}

/** The words that name each maker in a text. */
const makerWords: Record<Groupset['maker'], readonly string[]> = {
  Shimano: ['shimano'],
  SRAM: ['sram'],
  Campagnolo: ['campagnolo', 'campag', 'campy'],
};

/**
 * The group a text names: one of the maker the text names, if it names one ("105 red hoods, Shimano"
 * is not SRAM Red); then the longest spelling found ("Super Record" before "Record", "Deore XT"
 * before "Deore"); then the earliest.
 */
function groupIn(text: readonly string[]): Groupset | undefined {
  let best: { group: Groupset; rank: readonly number[] } | undefined;
  for (const { group, words } of spellings) {
    const makerNamed = makerWords[group.maker].some((word) => text.includes(word)) ? 1 : 0;
    for (const spelling of words) {
      const at = runAt(text, spelling);
      if (at < 0) continue;
      const rank = [makerNamed, spelling.length, -at];
      if (!best || isBefore(rank, best.rank)) best = { group, rank };
    }
  }
  return best?.group;
}

/** Whether one rank comes before another (the first differing number is larger). */
function isBefore(rank: readonly number[], than: readonly number[]): boolean {
  const i = rank.findIndex((n, index) => n !== than[index]);
  return i >= 0 && rank[i]! > than[i]!;
}

/**
 * The canonical name of a groupset ("dura ace", "Dura-Ace" → "Shimano Dura-Ace"; "Shimano Ultegra
 * Di2 R8170" → "Shimano Ultegra Di2"); a groupset not in the vocabulary is returned tidied.
 */
export function canonicalGroupset(raw: string): string {
  const text = foldWords(raw);
  const group = groupIn(text);
  if (!group) return tidyName(raw);
  const electronic = group.variant && variantWords[group.variant].some((word) => text.includes(word));
  return groupName(group, electronic ? group.variant : undefined);
}

/** The facet key of a groupset: one key for every spelling of it. */
export function groupsetKey(raw: string): string {
  return foldKey(canonicalGroupset(raw));
}
