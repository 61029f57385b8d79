/** The spec's category groups (§3) with their exact keys. Order is the order shown to people. */
export const categoryGroups = [
  {
    id: 'completeBikes',
    label: 'Complete Bikes',
    categories: {
      roadBikes: 'Road bikes',
      gravelBikes: 'Gravel bikes',
      bmxBikes: 'BMX bikes',
      eBikeSlashCargoBikes: 'E-bikes / cargo bikes',
      trackBikes: 'Track bikes',
      mtbBikes: 'Mountain bikes',
    },
  },
  {
    id: 'framesets',
    label: 'Framesets',
    categories: {
      roadFrames: 'Road frames',
      gravelFrames: 'Gravel frames',
      bmxFrames: 'BMX frames',
      mtbFrames: 'MTB frames',
      trackFrames: 'Track frames',
    },
  },
  {
    id: 'forksAndSuspension',
    label: 'Forks & Suspension',
    categories: {
      carbonForks: 'Carbon forks',
      suspensionForks: 'Suspension forks',
      rearShocks: 'Rear shocks',
      bmxForks: 'BMX forks',
    },
  },
  {
    id: 'wheelsAndTires',
    label: 'Wheels & Tires',
    categories: {
      roadWheels: 'Road wheels',
      gravelWheels: 'Gravel wheels',
      mtbWheels: 'MTB wheels',
      trackWheels: 'Track wheels',
      roadTires: 'Road tires',
      gravelTires: 'Gravel tires',
      bmxTires: 'BMX tires',
      mtbTires: 'MTB tires',
      tubes: 'Tubes',
      wheelAccessories: 'Wheel accessories',
    },
  },
  {
    id: 'cockpit',
    label: 'Cockpit',
    categories: {
      handlebars: 'Handlebars',
      stems: 'Stems',
      saddles: 'Saddles',
      seatposts: 'Seatposts',
      seatpostClamps: 'Seatpost clamps',
      barTape: 'Bar tape',
      mtbSlashBmxGrips: 'MTB / BMX grips',
      droppers: 'Dropper posts',
      smallParts: 'Small parts',
    },
  },
  {
    id: 'drivetrain',
    label: 'Drivetrain',
    categories: {
      groupsets: 'Groupsets',
      cranksets: 'Cranksets',
      chains: 'Chains',
      shifters: 'Shifters',
      derailleurs: 'Derailleurs',
      cassettes: 'Cassettes',
      bottomBrackets: 'Bottom brackets',
      brakes: 'Brakes',
      pedals: 'Pedals',
      powerMeters: 'Power meters',
    },
  },
  {
    id: 'accessories',
    label: 'Accessories',
    categories: {
      indoorTrainers: 'Indoor trainers',
      computersAndElectronics: 'Computers & electronics',
      pumpsAndC02: 'Pumps & CO2',
      bagsAndPacks: 'Bags & packs',
      lights: 'Lights',
      bottleCages: 'Bottle cages',
      bidonsSlashBottles: 'Bidons / bottles',
      tools: 'Tools',
      other: 'Other',
    },
  },
  {
    id: 'apparel',
    label: 'Apparel',
    categories: {
      jerseys: 'Jerseys',
      bibShortsAndTights: 'Bib shorts & tights',
      sunglasses: 'Sunglasses',
      helmets: 'Helmets',
      shoes: 'Shoes',
      socks: 'Socks',
      jacketsAndGilets: 'Jackets & gilets',
      warmers: 'Warmers',
      caps: 'Caps',
      gloves: 'Gloves',
      protection: 'Protection',
      casualwear: 'Casualwear',
    },
  },
] as const;

export type CategoryGroup = (typeof categoryGroups)[number];
export type CategoryGroupId = CategoryGroup['id'];
export type Category = { [G in CategoryGroup as G['id']]: keyof G['categories'] }[CategoryGroupId];

const labels = new Map<string, string>();
const groupOf = new Map<string, CategoryGroupId>();
for (const group of categoryGroups) {
  for (const [key, label] of Object.entries(group.categories)) {
    labels.set(key, label);
    groupOf.set(key, group.id);
  }
}

export const allCategories = [...labels.keys()] as Category[];

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && labels.has(value);
}

export function categoryLabel(category: string): string | undefined {
  return labels.get(category);
}

export function categoryGroupOf(category: string): CategoryGroupId | undefined {
  return groupOf.get(category);
}

export function categoriesInGroup(groupId: string): Category[] {
  const group = categoryGroups.find((g) => g.id === groupId);
  return group ? (Object.keys(group.categories) as Category[]) : [];
}

/** Landing page "featured categories" (§1): complete bikes, drivetrains, apparel, wheels. */
export const featuredCategoryGroups: CategoryGroupId[] = [
  'completeBikes',
  'drivetrain',
  'apparel',
  'wheelsAndTires',
];
