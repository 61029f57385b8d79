/**
 * Offline listing photos for the demo catalogue: a stylised SVG illustration per category,
 * rasterised to JPEG with sharp (librsvg). Deterministic: the same listing and index always
 * give the same picture.
 */
import sharp from 'sharp';
import { categoryGroupOf } from '../../../shared/config/categories';
import type { SeedListing } from './catalogue';

/** Drawing space of every illustration; the SVG's width/height scale it to the requested size. */
const VIEW = 400;
const INK = '#2a2d34';
const METAL = '#b9bec6';
const RUBBER = '#2f3136';

// ─── Colour ───────────────────────────────────────────────────────────────────────────────────

/** 32-bit FNV-1a, enough to spread brands and keys over hues deterministically. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const namedColours: Record<string, string> = {
  black: '#26282d',
  carbon: '#34373d',
  charcoal: '#3c4047',
  graphite: '#4a4e55',
  smoke: '#5d6168',
  iron: '#5a5f66',
  grey: '#7b8088',
  gray: '#7b8088',
  silver: '#b4b9c0',
  titanium: '#a9aba4',
  white: '#f1f1ee',
  red: '#c8202f',
  crimson: '#a8162a',
  magenta: '#c0267c',
  pink: '#e27aa2',
  orange: '#e8731a',
  gold: '#c9a13b',
  yellow: '#efd11c',
  honey: '#b8792d',
  tan: '#c9a27a',
  brown: '#6b4a2e',
  olive: '#6b7340',
  lime: '#9bbb3a',
  sage: '#8aa487',
  green: '#3d8a4c',
  teal: '#14877f',
  turquoise: '#28b0ad',
  blue: '#2563b5',
  navy: '#1f2f5c',
  purple: '#6b3fa0',
};

function hsl(h: number, s: number, l: number): string {
  const sat = s / 100;
  const lig = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n: number) => lig - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

/** Colours named in a free-text colour field, in the order they appear ("Black / Red" → black, red). */
function coloursIn(text: string | undefined): string[] {
  if (!text) return [];
  const lower = text.toLowerCase();
  return Object.keys(namedColours)
    .map((word) => ({ word, at: lower.search(new RegExp(`\\b${word}\\b`)) }))
    .filter((m) => m.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((m) => namedColours[m.word]!);
}

export interface Palette {
  main: string;
  accent: string;
  bgTop: string;
  bgBottom: string;
  brandHue: number;
}

export function paletteFor(listing: SeedListing, index: number): Palette {
  const brandHue = hash(listing.brand.toLowerCase()) % 360;
  const named = coloursIn(listing.colour);
  const main = named[0] ?? hsl(brandHue, 62, 46);
  const accent = named[1] ?? hsl((brandHue + 150) % 360, 70, 52);
  const bgHue = (hash(listing.key) % 360) + index * 47;
  return {
    main,
    accent,
    bgTop: hsl(bgHue % 360, 38, 95),
    bgBottom: hsl((bgHue + 25) % 360, 32, 84 - index * 2),
    brandHue,
  };
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const r1 = (n: number) => Math.round(n * 10) / 10;

// ─── Shared parts ─────────────────────────────────────────────────────────────────────────────

/** A toothed ring: a wide dashed stroke gives the teeth, a solid one the body. */
function gear(cx: number, cy: number, r: number, teeth: number, fill: string, body = INK): string {
  const dash = r1((2 * Math.PI * r) / teeth / 2);
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${body}" stroke-width="${r1(Math.max(3, r * 0.12))}" stroke-dasharray="${dash} ${dash}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r1(r - Math.max(2, r * 0.08))}" fill="${fill}" stroke="${body}" stroke-width="2"/>`
  );
}

function spokes(cx: number, cy: number, inner: number, outer: number, count: number, width: number): string {
  let d = '';
  for (let i = 0; i < count; i++) {
    const a = (i / count) * 2 * Math.PI;
    const b = a + (i % 2 ? 0.35 : -0.35);
    d += `M${r1(cx + inner * Math.cos(b))} ${r1(cy + inner * Math.sin(b))}L${r1(cx + outer * Math.cos(a))} ${r1(cy + outer * Math.sin(a))}`;
  }
  return `<path d="${d}" stroke="${METAL}" stroke-width="${width}" fill="none"/>`;
}

interface WheelStyle {
  tire: number;
  rimDepth: number;
  rimColour: string;
  spokeCount: number;
  tireColour?: string;
  sidewall?: string;
}

function wheel(cx: number, cy: number, r: number, s: WheelStyle): string {
  const rimR = r - s.tire / 2 - s.rimDepth / 2;
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${s.tireColour ?? RUBBER}" stroke-width="${s.tire}"/>` +
    (s.sidewall
      ? `<circle cx="${cx}" cy="${cy}" r="${r1(r - s.tire * 0.3)}" fill="none" stroke="${s.sidewall}" stroke-width="${r1(s.tire * 0.35)}"/>`
      : '') +
    spokes(cx, cy, Math.max(5, r * 0.07), rimR - s.rimDepth / 2, s.spokeCount, r > 100 ? 2.2 : 1.2) +
    `<circle cx="${cx}" cy="${cy}" r="${r1(rimR)}" fill="none" stroke="${s.rimColour}" stroke-width="${s.rimDepth}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r1(Math.max(5, r * 0.08))}" fill="${METAL}" stroke="${INK}" stroke-width="2"/>`
  );
}

const tube = (d: string, colour: string, width: number) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;

// ─── Bicycles and frames ──────────────────────────────────────────────────────────────────────

type Pt = readonly [number, number];
interface BikeGeometry {
  rear: Pt;
  front: Pt;
  r: number;
  tire: number;
  bb: Pt;
  seatTop: Pt;
  headTop: Pt;
  headBottom: Pt;
  saddle: Pt;
  bars: 'drop' | 'flat' | 'bmx' | 'riser';
  suspension?: boolean;
  shock?: boolean;
  battery?: boolean;
  rack?: boolean;
  gears?: boolean;
  tubeWidth: number;
}

function geometryFor(category: string, listing: SeedListing): BikeGeometry {
  const road: BikeGeometry = {
    rear: [108, 272],
    front: [292, 272],
    r: 76,
    tire: 7,
    bb: [186, 280],
    seatTop: [166, 152],
    headTop: [272, 150],
    headBottom: [279, 184],
    saddle: [158, 128],
    bars: 'drop',
    gears: true,
    tubeWidth: 9,
  };
  switch (category) {
    case 'gravelBikes':
    case 'gravelFrames':
      return { ...road, tire: 11, r: 75, headTop: [271, 146] };
    case 'trackBikes':
    case 'trackFrames':
      return { ...road, gears: false, front: [288, 272], headTop: [270, 152] };
    case 'mtbBikes':
    case 'mtbFrames':
      return {
        ...road,
        rear: [104, 270],
        front: [300, 270],
        r: 78,
        tire: 15,
        bb: [182, 282],
        seatTop: [170, 166],
        headTop: [262, 148],
        headBottom: [272, 182],
        saddle: [160, 136],
        bars: 'riser',
        suspension: true,
        shock: true,
        tubeWidth: 12,
      };
    case 'bmxBikes':
    case 'bmxFrames':
      return {
        ...road,
        rear: [126, 290],
        front: [280, 290],
        r: 56,
        tire: 13,
        bb: [196, 298],
        seatTop: [180, 228],
        headTop: [258, 218],
        headBottom: [264, 244],
        saddle: [172, 220],
        bars: 'bmx',
        gears: false,
        tubeWidth: 11,
      };
    case 'eBikeSlashCargoBikes': {
      if (listing.wheelSize === '20') {
        return {
          ...road,
          rear: [96, 292],
          front: [300, 292],
          r: 56,
          tire: 12,
          bb: [190, 292],
          seatTop: [176, 176],
          headTop: [272, 160],
          headBottom: [278, 196],
          saddle: [168, 150],
          bars: 'riser',
          battery: true,
          rack: true,
          tubeWidth: 13,
        };
      }
      return { ...road, tire: 11, bars: 'riser', battery: true, rack: true, tubeWidth: 12 };
    }
    default:
      return road;
  }
}

function bicycle(listing: SeedListing, p: Palette, frameOnly: boolean): string {
  const g = geometryFor(listing.category, listing);
  const [rx, ry] = g.rear;
  const [fx, fy] = g.front;
  const [bx, by] = g.bb;
  const [sx, sy] = g.seatTop;
  const [hx, hy] = g.headTop;
  const [hbx, hby] = g.headBottom;
  const deep = listing.frameMaterial === 'carbonFiber' && !g.suspension ? 12 : 5;
  const wheelStyle: WheelStyle = {
    tire: g.tire,
    rimDepth: deep,
    rimColour: deep > 6 ? RUBBER : METAL,
    spokeCount: g.r > 60 ? 20 : 28,
    sidewall: /\btan\b/i.test(listing.colour ?? '') || g.tire === 11 ? '#b89672' : undefined,
  };
  const out: string[] = [];
  if (!frameOnly) {
    out.push(wheel(rx, ry, g.r, wheelStyle), wheel(fx, fy, g.r, wheelStyle));
    if (g.rack) {
      out.push(
        tube(`M${sx + 6} ${sy + 18}L${rx - 34} ${ry - g.r - 18}L${rx + 38} ${ry - g.r - 18}`, INK, 5),
        tube(`M${rx + 4} ${ry}L${rx + 20} ${ry - g.r - 16}`, INK, 4),
      );
    }
    // Chain, cassette and crank.
    const ring = g.gears ? 22 : 19;
    out.push(
      `<path d="M${bx} ${by - ring}L${rx} ${ry - 9}M${bx} ${by + ring}L${rx} ${ry + 9}" stroke="#4b4f57" stroke-width="3" fill="none"/>`,
      gear(rx, ry, 10, 12, METAL),
    );
    if (g.gears) {
      out.push(
        tube(`M${rx + 2} ${ry + 8}l-4 22l8 8`, INK, 4),
        `<circle cx="${rx + 6}" cy="${ry + 38}" r="4" fill="${METAL}" stroke="${INK}" stroke-width="1.5"/>`,
      );
    }
  }
  // Frame: stays behind, then main triangle.
  const w = g.tubeWidth;
  out.push(tube(`M${sx} ${sy}L${rx} ${ry}L${bx} ${by}`, p.main, w * 0.7));
  out.push(tube(`M${hx} ${hy}L${sx} ${sy + 6}L${bx} ${by}L${hbx} ${hby}`, p.main, w));
  if (g.shock) {
    // Shock in front of the seat tube: eyelets, shaft and air can.
    const [ax, ay] = [bx + 26, by - 28];
    const cx = sx + 30;
    const cy = r1(sy + 6 + ((hy - sy - 6) * (cx - sx)) / (hx - sx) + 10);
    out.push(
      tube(`M${ax} ${ay}L${cx} ${cy}`, INK, 16),
      tube(`M${ax} ${ay}L${r1((ax + cx) / 2)} ${r1((ay + cy) / 2)}`, '#dcdcd8', 8),
      tube(`M${r1(ax + (cx - ax) * 0.55)} ${r1(ay + (cy - ay) * 0.55)}L${cx} ${cy}`, p.accent, 12),
      `<circle cx="${ax}" cy="${ay}" r="6" fill="${METAL}" stroke="${INK}" stroke-width="2"/>`,
      `<circle cx="${cx}" cy="${cy}" r="6" fill="${METAL}" stroke="${INK}" stroke-width="2"/>`,
    );
  }
  if (g.battery) {
    const mx = (bx + hbx) / 2;
    const my = (by + hby) / 2;
    const angle = r1((Math.atan2(hby - by, hbx - bx) * 180) / Math.PI);
    out.push(
      `<rect x="${mx - 34}" y="${my - 9}" width="68" height="18" rx="8" fill="${INK}" transform="rotate(${angle} ${mx} ${my})"/>`,
      `<rect x="${bx - 14}" y="${by - 14}" width="28" height="24" rx="6" fill="${INK}"/>`,
    );
  }
  // Head tube and accent band.
  out.push(tube(`M${hx} ${hy - 6}L${hbx} ${hby + 4}`, p.accent, w + 3));
  // Fork.
  if (g.suspension && frameOnly) {
    // MTB framesets come without a fork.
  } else if (g.suspension) {
    const midX = (hbx + fx) / 2;
    const midY = (hby + fy) / 2;
    out.push(
      tube(`M${hbx} ${hby}L${midX} ${midY}`, '#d9b26a', 7),
      tube(`M${midX - 1} ${midY - 8}L${fx} ${fy}`, INK, 11),
    );
  } else {
    out.push(tube(`M${hbx} ${hby}Q${fx - 4} ${(hby + fy) / 2} ${fx} ${fy}`, p.main, w * 0.8));
  }
  if (frameOnly) {
    out.push(
      `<circle cx="${rx}" cy="${ry}" r="5" fill="${METAL}" stroke="${INK}" stroke-width="2"/>`,
      g.suspension
        ? ''
        : `<circle cx="${fx}" cy="${fy}" r="5" fill="${METAL}" stroke="${INK}" stroke-width="2"/>`,
      `<circle cx="${bx}" cy="${by}" r="${w * 0.8}" fill="${METAL}" stroke="${INK}" stroke-width="2"/>`,
      tube(`M${sx} ${sy}L${sx - 3} ${sy - 14}`, '#4b4f57', 7),
    );
    return out.join('');
  }
  // Seatpost and saddle.
  const [px, py] = g.saddle;
  out.push(
    tube(`M${sx} ${sy}L${px + 4} ${py + 4}`, '#4b4f57', 6),
    `<path d="M${px - 24} ${py - 2}q18 -8 50 -2q6 2 4 6q-20 4 -36 2q-14 2 -18 -6z" fill="${INK}"/>`,
  );
  // Cockpit.
  if (g.bars === 'drop') {
    out.push(
      tube(`M${hx} ${hy}l2 -10l18 -2`, INK, 6),
      tube(`M${hx + 20} ${hy - 12}q16 0 16 16q0 18 -14 20q-6 0 -8 -4`, INK, 6),
      `<path d="M${hx + 26} ${hy - 14}q8 0 8 10l-2 10" stroke="${INK}" stroke-width="4" fill="none"/>`,
    );
  } else if (g.bars === 'bmx') {
    out.push(
      tube(`M${hx} ${hy}l4 -12`, INK, 8),
      tube(`M${hx + 4} ${hy - 12}l-8 -40m-8 18l30 -4`, INK, 6),
      tube(`M${hx - 4} ${hy - 52}l-14 -4`, RUBBER, 9),
    );
  } else {
    out.push(tube(`M${hx} ${hy}l4 -14l14 -2`, INK, 7), tube(`M${hx + 14} ${hy - 18}l-10 -6`, RUBBER, 10));
  }
  // Crank and chainring in front.
  out.push(
    gear(bx, by, g.gears ? 22 : 19, g.gears ? 26 : 22, p.accent),
    tube(`M${bx} ${by}L${bx + 14} ${by + 30}`, INK, 7),
    `<rect x="${bx + 6}" y="${by + 28}" width="18" height="6" rx="2" fill="${INK}"/>`,
  );
  if (g.bars === 'bmx') {
    out.push(
      tube(`M${rx} ${ry}l-14 0`, METAL, 8),
      tube(`M${fx} ${fy}l14 0`, METAL, 8),
      tube(`M${bx} ${by}l-10 -22`, INK, 6),
    );
  }
  return out.join('');
}

// ─── Forks and suspension ─────────────────────────────────────────────────────────────────────

function suspensionFork(p: Palette, listing: SeedListing): string {
  const stanchion = listing.brand === 'Fox' ? '#d4ac62' : '#3b3e45';
  return [
    tube('M200 52L200 128', '#8e939b', 26),
    `<rect x="126" y="118" width="148" height="36" rx="14" fill="${p.main}" stroke="${INK}" stroke-width="3"/>`,
    `<rect x="140" y="150" width="26" height="104" fill="${stanchion}" stroke="${INK}" stroke-width="2"/>`,
    `<rect x="234" y="150" width="26" height="104" fill="${stanchion}" stroke="${INK}" stroke-width="2"/>`,
    `<path d="M132 232h42v116q0 10 -10 12h-22q-10 -2 -10 -12z" fill="${p.main}" stroke="${INK}" stroke-width="3"/>`,
    `<path d="M226 232h42v116q0 10 -10 12h-22q-10 -2 -10 -12z" fill="${p.main}" stroke="${INK}" stroke-width="3"/>`,
    `<path d="M172 246q28 -36 56 0" fill="none" stroke="${p.main}" stroke-width="14"/>`,
    `<path d="M172 246q28 -36 56 0" fill="none" stroke="${INK}" stroke-width="2"/>`,
    `<rect x="120" y="338" width="160" height="10" rx="5" fill="${METAL}" stroke="${INK}" stroke-width="2"/>`,
    `<circle cx="153" cy="132" r="6" fill="${p.accent}"/><circle cx="247" cy="132" r="6" fill="${INK}"/>`,
    `<rect x="140" y="268" width="26" height="44" rx="4" fill="${p.accent}" opacity="0.85"/>`,
  ].join('');
}

function rearShock(p: Palette, listing: SeedListing): string {
  const coil = /coil/i.test(`${listing.title} ${listing.model ?? ''}`);
  const out = [
    `<g transform="rotate(-32 200 200)">`,
    `<circle cx="70" cy="200" r="22" fill="${METAL}" stroke="${INK}" stroke-width="4"/><circle cx="70" cy="200" r="8" fill="${INK}"/>`,
    `<circle cx="330" cy="200" r="22" fill="${METAL}" stroke="${INK}" stroke-width="4"/><circle cx="330" cy="200" r="8" fill="${INK}"/>`,
    `<rect x="86" y="180" width="120" height="40" rx="8" fill="${INK}"/>`,
    `<rect x="196" y="188" width="120" height="24" rx="5" fill="#d7d9dc" stroke="${INK}" stroke-width="2"/>`,
    `<rect x="120" y="138" width="92" height="34" rx="14" fill="${p.accent}" stroke="${INK}" stroke-width="3"/>`,
  ];
  if (coil) {
    let d = 'M100 176';
    for (let i = 0; i < 10; i++) d += `l11 ${i % 2 ? -52 : 52}`;
    out.push(`<path d="${d}" fill="none" stroke="${p.main}" stroke-width="11" stroke-linecap="round"/>`);
  } else {
    out.push(
      `<rect x="92" y="170" width="140" height="60" rx="26" fill="${p.main}" stroke="${INK}" stroke-width="3"/>`,
    );
  }
  out.push('</g>');
  return out.join('');
}

function rigidFork(p: Palette, straight: boolean): string {
  const blade = straight
    ? (x: number) => `M${x} 150L${x + (x < 200 ? -6 : 6)} 340`
    : (x: number) => `M${x} 150Q${x + (x < 200 ? -34 : 34)} 250 ${x + (x < 200 ? -22 : 22)} 340`;
  return [
    tube('M200 40L200 140', straight ? '#8e939b' : p.main, straight ? 22 : 28),
    `<path d="M140 126h120q10 14 0 30h-120q-10 -16 0 -30z" fill="${p.main}" stroke="${INK}" stroke-width="3"/>`,
    tube(blade(150), p.main, 20),
    tube(blade(250), p.main, 20),
    tube(blade(150), INK, 2),
    tube(blade(250), INK, 2),
    `<rect x="${straight ? 128 : 110}" y="334" width="${straight ? 144 : 180}" height="10" rx="5" fill="${METAL}" stroke="${INK}" stroke-width="2"/>`,
    `<rect x="186" y="64" width="28" height="12" rx="3" fill="${p.accent}"/>`,
  ].join('');
}

// ─── Wheels and tires ─────────────────────────────────────────────────────────────────────────

function wheelset(listing: SeedListing, p: Palette): string {
  const carbon = /zipp|enve|bontrager|roval|carbon/i.test(`${listing.brand} ${listing.title}`);
  const mtb = listing.category === 'mtbWheels';
  const style: WheelStyle = {
    tire: 6,
    rimDepth: carbon && !mtb ? 34 : mtb ? 14 : 12,
    rimColour: carbon ? RUBBER : METAL,
    spokeCount: listing.category === 'trackWheels' ? 32 : 24,
    tireColour: '#55585e',
  };
  const decal = (cx: number, cy: number, r: number) =>
    `<path d="M${cx - r * 0.55} ${cy - r * 0.78}A${r} ${r} 0 0 1 ${cx + r * 0.55} ${cy - r * 0.78}" fill="none" stroke="${p.accent}" stroke-width="${style.rimDepth > 20 ? 10 : 5}" transform="translate(0 ${style.rimDepth > 20 ? 10 : 4})"/>`;
  return [
    `<g opacity="0.9">${wheel(250, 212, 134, style)}${gear(250, 212, 16, 14, METAL)}</g>`,
    wheel(164, 196, 140, style),
    decal(164, 196, 140 - style.rimDepth / 2),
    `<circle cx="164" cy="196" r="16" fill="${p.accent}" stroke="${INK}" stroke-width="2"/>`,
  ].join('');
}

function tire(listing: SeedListing, p: Palette): string {
  const knobby = /mtb|bmx|gravel/.test(listing.category);
  const sidewall = /tan/i.test(listing.colour ?? '') ? '#c9a27a' : '#3a3d43';
  const one = (cx: number, cy: number, r: number) =>
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${RUBBER}" stroke-width="${knobby ? 40 : 30}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r + (knobby ? 20 : 14)}" fill="none" stroke="${RUBBER}" stroke-width="${knobby ? 10 : 3}" stroke-dasharray="${knobby ? '10 8' : '2 6'}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r - (knobby ? 12 : 8)}" fill="none" stroke="${sidewall}" stroke-width="${knobby ? 14 : 10}"/>` +
    `<path d="M${cx - r * 0.5} ${cy - r * 0.87}A${r} ${r} 0 0 1 ${cx + r * 0.5} ${cy - r * 0.87}" fill="none" stroke="${p.accent}" stroke-width="5" transform="translate(0 ${knobby ? 12 : 8})"/>`;
  return `<g opacity="0.85">${one(240, 214, 118)}</g>${one(168, 190, 126)}`;
}

function innerTube(p: Palette): string {
  return [
    `<ellipse cx="200" cy="200" rx="142" ry="120" fill="none" stroke="${p.main}" stroke-width="16"/>`,
    `<ellipse cx="200" cy="208" rx="124" ry="104" fill="none" stroke="${p.main}" stroke-width="12" opacity="0.75"/>`,
    `<ellipse cx="200" cy="200" rx="142" ry="120" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.35" stroke-dasharray="60 40"/>`,
    `<rect x="192" y="310" width="16" height="52" rx="3" fill="${METAL}" stroke="${INK}" stroke-width="2"/>`,
    `<rect x="188" y="352" width="24" height="14" rx="3" fill="${INK}"/>`,
  ].join('');
}

function sealantKit(p: Palette): string {
  return [
    `<path d="M130 130h80v200q0 14 -14 14h-52q-14 0 -14 -14z" fill="#ffffff" stroke="${INK}" stroke-width="3"/>`,
    `<rect x="150" y="96" width="40" height="38" rx="6" fill="${p.main}" stroke="${INK}" stroke-width="3"/>`,
    `<rect x="130" y="190" width="80" height="70" fill="${p.main}"/>`,
    `<circle cx="285" cy="150" r="62" fill="none" stroke="${p.accent}" stroke-width="22"/>`,
    tube('M250 280l70 -30', METAL, 8),
    tube('M250 310l70 -30', METAL, 8),
    `<rect x="240" y="270" width="16" height="20" rx="3" fill="${INK}"/><rect x="240" y="300" width="16" height="20" rx="3" fill="${INK}"/>`,
  ].join('');
}

// ─── Cockpit ──────────────────────────────────────────────────────────────────────────────────

function handlebar(p: Palette, listing: SeedListing): string {
  const flare = /cowchipper|flare|gravel/i.test(`${listing.title} ${listing.model ?? ''}`) ? 26 : 8;
  const half = (dir: 1 | -1) =>
    `M200 168h${dir * 118}q${dir * 44} 0 ${dir * (44 + flare * 0.3)} 52l${dir * flare * 0.4} 80q${dir * 2} 36 ${-dir * 36} 40h${-dir * 22}`;
  return [
    tube(half(1), p.main, 22),
    tube(half(-1), p.main, 22),
    tube('M150 168h100', INK, 30),
    `<rect x="184" y="138" width="32" height="60" rx="6" fill="#5a5e66" stroke="${INK}" stroke-width="3"/>`,
    `<circle cx="200" cy="152" r="4" fill="${METAL}"/><circle cx="200" cy="184" r="4" fill="${METAL}"/>`,
    tube('M96 168h18M286 168h18', p.accent, 22),
  ].join('');
}

function stem(p: Palette): string {
  return [
    `<g transform="rotate(-8 200 200)">`,
    `<rect x="90" y="150" width="200" height="70" rx="18" fill="${p.main}" stroke="${INK}" stroke-width="4"/>`,
    `<rect x="66" y="124" width="60" height="122" rx="14" fill="#5a5e66" stroke="${INK}" stroke-width="4"/>`,
    `<rect x="270" y="126" width="62" height="118" rx="14" fill="${p.main}" stroke="${INK}" stroke-width="4"/>`,
    `<rect x="322" y="118" width="16" height="134" rx="6" fill="#5a5e66" stroke="${INK}" stroke-width="3"/>`,
    `<circle cx="330" cy="140" r="5" fill="${METAL}"/><circle cx="330" cy="230" r="5" fill="${METAL}"/>`,
    `<circle cx="96" cy="150" r="6" fill="${METAL}"/><circle cx="96" cy="220" r="6" fill="${METAL}"/>`,
    `<rect x="150" y="176" width="90" height="18" rx="9" fill="${p.accent}"/>`,
    '</g>',
  ].join('');
}

function saddle(p: Palette, listing: SeedListing): string {
  const leather = /brooks|leather/i.test(`${listing.brand} ${listing.title}`);
  const body = leather ? '#a86a2c' : p.main;
  return [
    tube('M120 250q80 22 170 -6', '#8e939b', 7),
    tube('M126 262q80 24 160 -4', '#6a6e76', 7),
    tube('M200 262L214 380', '#4b4f57', 24),
    `<rect x="178" y="244" width="56" height="30" rx="6" fill="${INK}"/>`,
    `<path d="M48 206q10 -34 70 -36q120 -10 240 26q14 6 8 18q-30 12 -90 12q-40 0 -90 22q-50 18 -110 6q-34 -8 -28 -48z" fill="${body}" stroke="${INK}" stroke-width="4"/>`,
    leather
      ? '<circle cx="80" cy="214" r="5" fill="#d4b27a"/><circle cx="100" cy="236" r="5" fill="#d4b27a"/><circle cx="350" cy="208" r="5" fill="#d4b27a"/>'
      : `<path d="M150 190q60 -8 140 10" stroke="${p.accent}" stroke-width="8" fill="none" stroke-linecap="round"/>`,
  ].join('');
}

function seatpost(p: Palette, dropper: boolean): string {
  return [
    `<g transform="rotate(-14 200 220)">`,
    `<rect x="180" y="90" width="40" height="280" rx="6" fill="${dropper ? INK : p.main}" stroke="${INK}" stroke-width="3"/>`,
    dropper
      ? `<rect x="184" y="90" width="32" height="150" fill="#3f434a"/><rect x="174" y="232" width="52" height="30" rx="8" fill="${p.main}" stroke="${INK}" stroke-width="3"/><path d="M200 370q0 30 40 40" stroke="${INK}" stroke-width="6" fill="none"/>`
      : '',
    `<path d="M150 66h100l-8 30h-84z" fill="#5a5e66" stroke="${INK}" stroke-width="3"/>`,
    tube('M130 62h140', METAL, 8),
    `<circle cx="170" cy="82" r="6" fill="${METAL}"/><circle cx="230" cy="82" r="6" fill="${METAL}"/>`,
    `<rect x="180" y="${dropper ? 300 : 250}" width="40" height="8" fill="${p.accent}"/>`,
    '</g>',
  ].join('');
}

function barTape(p: Palette): string {
  const roll = (cx: number, cy: number) =>
    `<circle cx="${cx}" cy="${cy}" r="74" fill="${p.main}" stroke="${INK}" stroke-width="4"/>` +
    [58, 44, 30]
      .map(
        (r) =>
          `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${INK}" stroke-width="1.5" opacity="0.4"/>`,
      )
      .join('') +
    `<circle cx="${cx}" cy="${cy}" r="18" fill="#f4f2ea" stroke="${INK}" stroke-width="3"/>`;
  return [
    `<path d="M140 260q-40 60 60 80q110 20 150 -30" stroke="${p.main}" stroke-width="38" fill="none"/>`,
    roll(140, 170),
    roll(270, 220),
    `<rect x="300" y="300" width="60" height="24" rx="6" fill="${p.accent}" transform="rotate(-20 330 312)"/>`,
  ].join('');
}

function grips(p: Palette): string {
  const grip = (y: number) =>
    `<rect x="80" y="${y}" width="240" height="56" rx="26" fill="${p.main}" stroke="${INK}" stroke-width="4"/>` +
    [130, 160, 190, 220, 250]
      .map((x) => `<path d="M${x} ${y + 6}v44" stroke="${INK}" stroke-width="3" opacity="0.35"/>`)
      .join('') +
    `<rect x="68" y="${y - 4}" width="24" height="64" rx="6" fill="${METAL}" stroke="${INK}" stroke-width="3"/>` +
    `<circle cx="80" cy="${y + 28}" r="5" fill="${INK}"/>`;
  return `<g transform="rotate(-12 200 200)">${grip(120)}${grip(230)}</g>`;
}

function headset(p: Palette): string {
  const cup = (y: number, rx: number, colour: string) =>
    `<path d="M${200 - rx} ${y}v34a${rx} ${rx * 0.3} 0 0 0 ${2 * rx} 0v-34" fill="${colour}" stroke="${INK}" stroke-width="3"/>` +
    `<ellipse cx="200" cy="${y}" rx="${rx}" ry="${r1(rx * 0.3)}" fill="${colour}" stroke="${INK}" stroke-width="3"/>` +
    `<ellipse cx="200" cy="${y}" rx="${r1(rx * 0.55)}" ry="${r1(rx * 0.16)}" fill="${INK}"/>`;
  return [cup(250, 110, p.main), cup(170, 90, METAL), cup(96, 80, p.main), cup(60, 64, p.accent)].join('');
}

// ─── Drivetrain ───────────────────────────────────────────────────────────────────────────────

function crankset(p: Palette, listing: SeedListing, cx = 180, cy = 200, scale = 1): string {
  const spiderArms = [0, 1, 2, 3]
    .map((i) => {
      const a = (i / 4) * 2 * Math.PI + 0.4;
      return tube(
        `M${cx} ${cy}L${r1(cx + 88 * scale * Math.cos(a))} ${r1(cy + 88 * scale * Math.sin(a))}`,
        INK,
        r1(20 * scale),
      );
    })
    .join('');
  const power = listing.category === 'powerMeters';
  return [
    gear(cx, cy, r1(130 * scale), 52, p.main),
    `<circle cx="${cx}" cy="${cy}" r="${r1(92 * scale)}" fill="none" stroke="${INK}" stroke-width="2" opacity="0.4"/>`,
    power ? '' : gear(cx, cy, r1(92 * scale), 36, METAL),
    spiderArms,
    power
      ? `<rect x="${cx - 40 * scale}" y="${cy - 40 * scale}" width="${80 * scale}" height="${80 * scale}" rx="${20 * scale}" fill="${p.accent}" stroke="${INK}" stroke-width="3"/>`
      : '',
    tube(`M${cx} ${cy}L${r1(cx + 150 * scale)} ${r1(cy + 120 * scale)}`, INK, r1(30 * scale)),
    tube(`M${cx} ${cy}L${r1(cx + 150 * scale)} ${r1(cy + 120 * scale)}`, '#50545c', r1(18 * scale)),
    `<circle cx="${cx}" cy="${cy}" r="${r1(26 * scale)}" fill="${METAL}" stroke="${INK}" stroke-width="3"/>`,
    `<circle cx="${r1(cx + 150 * scale)}" cy="${r1(cy + 120 * scale)}" r="${r1(10 * scale)}" fill="${METAL}" stroke="${INK}" stroke-width="2"/>`,
  ].join('');
}

function cassette(p: Palette): string {
  const cogs = [150, 136, 122, 108, 95, 82, 70, 60, 50, 42, 35].map((r, i) =>
    gear(200, 200, r, Math.round(r / 3.2), i % 2 ? METAL : '#9aa0a8', i === 0 ? p.main : INK),
  );
  return `${cogs.join('')}<circle cx="200" cy="200" r="22" fill="${INK}"/><circle cx="200" cy="200" r="12" fill="${p.accent}"/>`;
}

function chain(p: Palette): string {
  const loop = 'M90 140h220a60 60 0 0 1 0 120h-220a60 60 0 0 1 0 -120z';
  return [
    `<path d="${loop}" fill="none" stroke="${INK}" stroke-width="34"/>`,
    `<path d="${loop}" fill="none" stroke="${p.main}" stroke-width="26" stroke-dasharray="18 6"/>`,
    `<path d="${loop}" fill="none" stroke="${INK}" stroke-width="8" stroke-dasharray="0 24" stroke-linecap="round"/>`,
    `<rect x="180" y="124" width="40" height="32" rx="8" fill="${p.accent}" stroke="${INK}" stroke-width="3"/>`,
  ].join('');
}

function derailleur(p: Palette): string {
  const pulley = (cx: number, cy: number, r: number) =>
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${INK}" stroke-width="9" stroke-dasharray="5 5"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r - 4}" fill="${METAL}" stroke="${INK}" stroke-width="3"/>` +
    `<circle cx="${cx}" cy="${cy}" r="8" fill="${INK}"/>`;
  return [
    `<rect x="96" y="52" width="86" height="58" rx="22" fill="#4b4f57" stroke="${INK}" stroke-width="4"/>`,
    `<circle cx="122" cy="80" r="11" fill="${METAL}" stroke="${INK}" stroke-width="3"/>`,
    `<path d="M160 84l90 40l-18 74l-96 -44z" fill="${p.main}" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>`,
    `<rect x="166" y="112" width="60" height="30" rx="8" fill="${p.accent}" stroke="${INK}" stroke-width="3" transform="rotate(24 196 127)"/>`,
    tube('M238 200L214 330', INK, 92),
    tube('M238 200L214 330', p.main, 78),
    pulley(238, 200, 30),
    pulley(214, 330, 32),
    `<circle cx="238" cy="200" r="44" fill="none" stroke="${INK}" stroke-width="3" opacity="0.4"/>`,
  ].join('');
}

function shifter(p: Palette): string {
  const lever = 'M262 186q6 90 44 170';
  return [
    tube('M10 176h170q60 0 70 70l8 60q4 50 -40 70', '#5a5e66', 26),
    `<path d="M150 182q-4 -70 56 -86q54 -12 84 24l22 -20q18 4 12 30l-24 46q-14 22 -44 24h-96q-12 -2 -10 -18z" fill="${INK}" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>`,
    tube(lever, INK, 30),
    tube(lever, p.main, 20),
    tube('M270 200q6 50 22 92', p.accent, 8),
    `<rect x="190" y="116" width="56" height="14" rx="7" fill="${p.accent}"/>`,
  ].join('');
}

function discBrake(p: Palette): string {
  const holes = [...Array(12).keys()]
    .map((i) => {
      const a = (i / 12) * 2 * Math.PI;
      return `<circle cx="${r1(180 + 110 * Math.cos(a))}" cy="${r1(210 + 110 * Math.sin(a))}" r="7" fill="#d8d8d8"/>`;
    })
    .join('');
  return [
    `<circle cx="180" cy="210" r="140" fill="${METAL}" stroke="${INK}" stroke-width="4"/>`,
    `<circle cx="180" cy="210" r="96" fill="none" stroke="${INK}" stroke-width="3"/>`,
    holes,
    `<circle cx="180" cy="210" r="42" fill="${INK}"/>`,
    `<path d="M250 60h90q20 0 20 20v80q0 20 -20 20h-90z" fill="${p.main}" stroke="${INK}" stroke-width="4" transform="rotate(24 300 120)"/>`,
    `<circle cx="310" cy="110" r="10" fill="${p.accent}"/>`,
  ].join('');
}

function pedal(p: Palette): string {
  return [
    `<g transform="rotate(-20 200 200)">`,
    tube('M60 200h70', METAL, 16),
    `<path d="M130 140q110 -30 200 20q10 40 0 80q-90 50 -200 20z" fill="${p.main}" stroke="${INK}" stroke-width="4"/>`,
    `<path d="M190 160h80l20 40l-20 40h-80z" fill="${p.accent}" stroke="${INK}" stroke-width="3"/>`,
    '</g>',
  ].join('');
}

function bottomBracket(p: Palette): string {
  const cup = (x: number) =>
    `<rect x="${x}" y="130" width="70" height="140" rx="10" fill="${p.main}" stroke="${INK}" stroke-width="4"/>` +
    `<ellipse cx="${x + 35}" cy="200" rx="22" ry="44" fill="${INK}"/>` +
    [140, 160, 180, 200, 220, 240, 260]
      .map((y) => `<path d="M${x} ${y}h70" stroke="${INK}" stroke-width="2" opacity="0.3"/>`)
      .join('');
  return `${tube('M150 200h100', METAL, 26)}${cup(80)}${cup(250)}`;
}

function groupset(p: Palette, listing: SeedListing): string {
  return `${crankset(p, listing, 150, 230, 0.8)}<g transform="translate(190 -20) scale(0.55)">${derailleur(p)}</g><g transform="translate(230 170) scale(0.42)">${cassette(p)}</g>`;
}

// ─── Accessories ──────────────────────────────────────────────────────────────────────────────

function trainer(p: Palette): string {
  return [
    tube('M90 350L170 200M310 350L230 200', INK, 14),
    `<rect x="130" y="150" width="160" height="120" rx="24" fill="${p.main}" stroke="${INK}" stroke-width="4"/>`,
    `<circle cx="210" cy="210" r="44" fill="${INK}"/>`,
    gear(210, 210, 30, 14, METAL),
    `<rect x="70" y="340" width="260" height="16" rx="8" fill="${INK}"/>`,
    `<rect x="160" y="140" width="100" height="12" rx="6" fill="${p.accent}"/>`,
  ].join('');
}

function computer(p: Palette): string {
  return [
    `<rect x="110" y="70" width="180" height="260" rx="30" fill="${p.main}" stroke="${INK}" stroke-width="5"/>`,
    `<rect x="130" y="98" width="140" height="176" rx="10" fill="#e9efe6" stroke="${INK}" stroke-width="3"/>`,
    `<path d="M140 250l30 -30l20 14l30 -50l40 30" stroke="${p.accent}" stroke-width="6" fill="none" stroke-linejoin="round"/>`,
    '<rect x="142" y="112" width="116" height="22" rx="4" fill="#2d3138"/>',
    '<rect x="142" y="144" width="52" height="16" rx="3" fill="#555a62"/><rect x="206" y="144" width="52" height="16" rx="3" fill="#555a62"/>',
    `<circle cx="160" cy="300" r="9" fill="${INK}"/><circle cx="240" cy="300" r="9" fill="${INK}"/>`,
    `<rect x="170" y="330" width="60" height="26" rx="6" fill="${INK}"/>`,
  ].join('');
}

function pump(p: Palette): string {
  return [
    `<path d="M100 360h200l-20 -24h-160z" fill="${INK}"/>`,
    `<rect x="182" y="90" width="36" height="250" rx="8" fill="${p.main}" stroke="${INK}" stroke-width="4"/>`,
    tube('M200 90V50', METAL, 10),
    `<rect x="120" y="34" width="160" height="26" rx="13" fill="${p.accent}" stroke="${INK}" stroke-width="4"/>`,
    `<circle cx="200" cy="300" r="32" fill="#f6f4ee" stroke="${INK}" stroke-width="5"/>`,
    tube('M200 300l14 -16', '#c8202f', 4),
    `<path d="M218 320q90 10 70 -90q-10 -50 20 -80" stroke="${INK}" stroke-width="8" fill="none"/>`,
    `<rect x="296" y="124" width="24" height="40" rx="6" fill="${METAL}" stroke="${INK}" stroke-width="3"/>`,
  ].join('');
}

function light(p: Palette): string {
  return [
    '<defs><linearGradient id="beam" x1="0" x2="1"><stop offset="0" stop-color="#fff6b0" stop-opacity="0.9"/><stop offset="1" stop-color="#fff6b0" stop-opacity="0"/></linearGradient></defs>',
    '<path d="M250 170L400 90V310L250 230z" fill="url(#beam)"/>',
    `<rect x="70" y="160" width="190" height="80" rx="30" fill="${p.main}" stroke="${INK}" stroke-width="5"/>`,
    `<ellipse cx="252" cy="200" rx="14" ry="36" fill="#fffbe0" stroke="${INK}" stroke-width="4"/>`,
    `<rect x="110" y="150" width="70" height="14" rx="4" fill="${p.accent}"/>`,
    `<path d="M120 240q0 50 40 70h40q40 -20 40 -70" fill="none" stroke="${INK}" stroke-width="10"/>`,
    `<circle cx="100" cy="200" r="9" fill="${p.accent}"/>`,
  ].join('');
}

function pannier(p: Palette): string {
  return [
    `<path d="M110 110h180v220q0 20 -20 20h-140q-20 0 -20 -20z" fill="${p.main}" stroke="${INK}" stroke-width="5"/>`,
    `<path d="M104 100h192v40h-192z" fill="${p.main}" stroke="${INK}" stroke-width="5"/>`,
    `<path d="M110 120h180" stroke="${INK}" stroke-width="3" opacity="0.5"/>`,
    tube('M200 100v-30', INK, 10),
    `<rect x="140" y="54" width="30" height="22" rx="4" fill="${INK}"/><rect x="230" y="54" width="30" height="22" rx="4" fill="${INK}"/>`,
    `<rect x="190" y="140" width="20" height="150" fill="${INK}" opacity="0.75"/>`,
    `<rect x="150" y="300" width="100" height="18" rx="9" fill="${p.accent}"/>`,
  ].join('');
}

function tools(p: Palette): string {
  return [
    `<g transform="rotate(-35 200 200)">`,
    `<rect x="80" y="180" width="240" height="40" rx="16" fill="${p.main}" stroke="${INK}" stroke-width="4"/>`,
    `<path d="M40 200a50 50 0 1 1 70 45l0 -30h-30l0 30a50 50 0 0 1 -40 -45z" fill="${METAL}" stroke="${INK}" stroke-width="4"/>`,
    `<circle cx="330" cy="200" r="40" fill="${METAL}" stroke="${INK}" stroke-width="4"/>`,
    `<polygon points="330,178 349,189 349,211 330,222 311,211 311,189" fill="${INK}"/>`,
    '</g>',
    tube('M110 330h130v-60', p.accent, 16),
  ].join('');
}

function bottle(x: number, y: number, colour: string, capColour: string): string {
  return (
    `<path d="M${x - 40} ${y}q0 -20 20 -24h40q20 4 20 24v170q0 16 -16 16h-48q-16 0 -16 -16z" fill="${colour}" stroke="${INK}" stroke-width="4"/>` +
    `<path d="M${x - 40} ${y + 70}q40 14 80 0" stroke="${INK}" stroke-width="3" fill="none" opacity="0.5"/>` +
    `<rect x="${x - 22}" y="${y - 48}" width="44" height="26" rx="6" fill="${capColour}" stroke="${INK}" stroke-width="3"/>` +
    `<rect x="${x - 6}" y="${y - 66}" width="12" height="20" rx="4" fill="${INK}"/>`
  );
}

function bottleCage(p: Palette): string {
  return [
    bottle(200, 130, '#f1f1ee', p.accent),
    `<path d="M150 320v-150q0 -40 30 -60M250 320v-150q0 -40 -30 -60M150 320q50 30 100 0M150 240q50 20 100 0" stroke="${p.main}" stroke-width="14" fill="none" stroke-linecap="round"/>`,
  ].join('');
}

function bottles(p: Palette): string {
  return `${bottle(120, 150, p.accent, INK)}${bottle(280, 150, p.main, INK)}${bottle(200, 170, '#f1f1ee', p.accent)}`;
}

function hitchRack(p: Palette): string {
  return [
    tube('M40 300h320', INK, 18),
    `<rect x="60" y="240" width="280" height="22" rx="8" fill="${p.main}" stroke="${INK}" stroke-width="3"/>`,
    `<rect x="60" y="190" width="280" height="22" rx="8" fill="${p.main}" stroke="${INK}" stroke-width="3"/>`,
    tube('M200 300V110', INK, 22),
    tube('M110 200q-20 -70 40 -90M290 200q20 -70 -40 -90', p.accent, 12),
    `<rect x="20" y="286" width="40" height="30" rx="4" fill="${METAL}" stroke="${INK}" stroke-width="3"/>`,
  ].join('');
}

// ─── Apparel ──────────────────────────────────────────────────────────────────────────────────

function jersey(p: Palette, longSleeve: boolean): string {
  const sleeves = longSleeve
    ? 'M130 90L40 250l40 26l60 -100M270 90L360 250l-40 26l-60 -100'
    : 'M130 90L60 160l40 40l40 -40M270 90L340 160l-40 40l-40 -40';
  return [
    `<path d="${sleeves}" fill="${p.main}" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>`,
    `<path d="M130 90q30 -16 50 -20q20 16 40 0q20 4 50 20l-10 270h-120z" fill="${p.main}" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>`,
    `<path d="M136 200h128v40h-128z" fill="${p.accent}"/>`,
    `<path d="M200 74v280" stroke="${INK}" stroke-width="3" stroke-dasharray="6 4"/>`,
    `<path d="M180 70q20 14 40 0" stroke="${INK}" stroke-width="4" fill="none"/>`,
  ].join('');
}

function bibShorts(p: Palette): string {
  return [
    tube('M160 70l10 120M240 70l-10 120', p.accent, 18),
    `<path d="M130 170h140l30 190h-90l-10 -110l-10 110h-90z" fill="${p.main}" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>`,
    `<path d="M110 340h90M210 340h90" stroke="${p.accent}" stroke-width="8"/>`,
  ].join('');
}

function helmet(p: Palette): string {
  const vents = [0, 1, 2, 3, 4]
    .map((i) => {
      const a = Math.PI * (1.12 + i * 0.19);
      const x = r1(205 + 98 * Math.cos(a));
      const y = r1(250 + 104 * Math.sin(a));
      const deg = r1((a * 180) / Math.PI + 90);
      return `<rect x="${x - 24}" y="${y - 9}" width="48" height="18" rx="9" fill="${INK}" opacity="0.85" transform="rotate(${deg} ${x} ${y})"/>`;
    })
    .join('');
  return [
    `<path d="M56 252q6 -160 150 -166q136 0 146 150l-16 30q-4 10 -20 10h-240q-22 0 -20 -24z" fill="${p.main}" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>`,
    vents,
    `<path d="M60 244q140 -20 286 -8" stroke="${p.accent}" stroke-width="12" fill="none"/>`,
    `<rect x="300" y="262" width="40" height="22" rx="8" fill="${INK}"/>`,
    `<path d="M120 276l66 80l74 -80" stroke="${INK}" stroke-width="6" fill="none"/>`,
    `<rect x="176" y="346" width="22" height="16" rx="4" fill="${INK}"/>`,
  ].join('');
}

function shoe(p: Palette): string {
  return [
    `<path d="M40 270q10 -40 60 -60q60 -20 120 -90q40 -10 70 10q40 40 60 120q6 30 -20 40h-270q-30 0 -20 -20z" fill="${p.main}" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>`,
    `<path d="M40 290h310l-10 24h-290z" fill="${INK}"/>`,
    `<circle cx="210" cy="160" r="20" fill="${INK}"/><circle cx="210" cy="160" r="9" fill="${p.accent}"/>`,
    `<circle cx="160" cy="210" r="18" fill="${INK}"/><circle cx="160" cy="210" r="8" fill="${p.accent}"/>`,
    `<path d="M250 150q30 40 40 110" stroke="${p.accent}" stroke-width="10" fill="none"/>`,
  ].join('');
}

function sunglasses(p: Palette): string {
  return [
    `<path d="M50 170q150 -40 300 0q0 80 -60 90q-50 6 -70 -30q-20 -20 -40 0q-20 36 -70 30q-60 -10 -60 -90z" fill="${p.accent}" stroke="${INK}" stroke-width="5" opacity="0.92"/>`,
    `<path d="M50 170q150 -40 300 0" stroke="${p.main}" stroke-width="14" fill="none"/>`,
    tube('M50 170l-20 60M350 170l20 60', p.main, 10),
    '<path d="M90 180q40 -10 70 10" stroke="#ffffff" stroke-width="6" opacity="0.5" fill="none"/>',
  ].join('');
}

function socks(p: Palette): string {
  const sock = (x: number, colour: string) =>
    `<path d="M${x} 70h80v170q0 20 20 40l40 30q20 20 0 40q-16 14 -40 4l-80 -50q-20 -14 -20 -40z" fill="${colour}" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="M${x} 90h80M${x} 104h80" stroke="${p.accent}" stroke-width="6"/>`;
  return `${sock(80, '#f1f1ee')}${sock(180, p.main)}`;
}

function warmers(p: Palette): string {
  const warmer = (x: number) =>
    `<path d="M${x} 60h70l-10 290h-50z" fill="${p.main}" stroke="${INK}" stroke-width="4"/>` +
    `<rect x="${x - 2}" y="56" width="74" height="20" rx="4" fill="${p.accent}"/>`;
  return `<g transform="rotate(-10 200 200)">${warmer(110)}${warmer(220)}</g>`;
}

function cap(p: Palette): string {
  return [
    `<path d="M90 250q0 -140 130 -140q110 0 110 140z" fill="${p.main}" stroke="${INK}" stroke-width="5"/>`,
    `<path d="M300 250q50 -10 80 20q-40 20 -90 0z" fill="${p.main}" stroke="${INK}" stroke-width="4"/>`,
    `<path d="M210 112q-10 70 0 138" stroke="${p.accent}" stroke-width="22" fill="none"/>`,
    `<path d="M90 250h240" stroke="${INK}" stroke-width="6"/>`,
  ].join('');
}

function glove(p: Palette): string {
  return [
    `<path d="M120 360v-130l-40 -60q-10 -20 10 -26q14 -4 24 10l36 40v-120q0 -16 16 -16q16 0 16 16v90v-110q0 -16 16 -16q16 0 16 16v110v-96q0 -16 16 -16q16 0 16 16v100v-70q0 -16 16 -16q16 0 16 16v150q0 40 -30 60v36z" fill="${p.main}" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>`,
    `<rect x="120" y="320" width="144" height="36" rx="6" fill="${p.accent}" stroke="${INK}" stroke-width="3"/>`,
  ].join('');
}

function kneePad(p: Palette): string {
  return [
    `<path d="M120 60h160q20 150 0 290h-160q-20 -140 0 -290z" fill="${INK}" stroke="${INK}" stroke-width="4"/>`,
    `<ellipse cx="200" cy="190" rx="70" ry="96" fill="${p.main}" stroke="${INK}" stroke-width="4"/>`,
    `<path d="M140 160h120M134 200h132M140 240h120" stroke="${INK}" stroke-width="4" opacity="0.5"/>`,
    `<rect x="110" y="300" width="180" height="24" fill="${p.accent}"/>`,
  ].join('');
}

// ─── Composition ──────────────────────────────────────────────────────────────────────────────

/** The subject of the picture for a listing's category (drawn in a 400×400 space). */
export function subjectSvg(listing: SeedListing, p: Palette): string {
  const c = listing.category;
  switch (categoryGroupOf(c)) {
    case 'completeBikes':
      return bicycle(listing, p, false);
    case 'framesets':
      return `<g transform="translate(200 208) scale(1.4) translate(-200 -218)">${bicycle(listing, p, true)}</g>`;
    case 'forksAndSuspension':
      if (c === 'suspensionForks') return suspensionFork(p, listing);
      if (c === 'rearShocks') return rearShock(p, listing);
      return rigidFork(p, c === 'bmxForks');
    case 'wheelsAndTires':
      if (c.endsWith('Wheels')) return wheelset(listing, p);
      if (c === 'tubes') return innerTube(p);
      if (c === 'wheelAccessories') return sealantKit(p);
      return tire(listing, p);
    case 'cockpit':
      if (c === 'handlebars') return handlebar(p, listing);
      if (c === 'stems') return stem(p);
      if (c === 'saddles') return saddle(p, listing);
      if (c === 'seatposts' || c === 'droppers') return seatpost(p, c === 'droppers');
      if (c === 'barTape') return barTape(p);
      if (c === 'mtbSlashBmxGrips') return grips(p);
      return headset(p);
    case 'drivetrain':
      if (c === 'groupsets') return groupset(p, listing);
      if (c === 'cassettes') return cassette(p);
      if (c === 'chains') return chain(p);
      if (c === 'derailleurs') return derailleur(p);
      if (c === 'shifters') return shifter(p);
      if (c === 'brakes') return discBrake(p);
      if (c === 'pedals') return pedal(p);
      if (c === 'bottomBrackets') return bottomBracket(p);
      return crankset(p, listing);
    case 'accessories':
      if (c === 'indoorTrainers') return trainer(p);
      if (c === 'computersAndElectronics') return computer(p);
      if (c === 'pumpsAndC02') return pump(p);
      if (c === 'lights') return light(p);
      if (c === 'bagsAndPacks') return pannier(p);
      if (c === 'bottleCages') return bottleCage(p);
      if (c === 'bidonsSlashBottles') return bottles(p);
      if (c === 'other') return hitchRack(p);
      return tools(p);
    case 'apparel':
      if (c === 'bibShortsAndTights') return bibShorts(p);
      if (c === 'helmets') return helmet(p);
      if (c === 'shoes') return shoe(p);
      if (c === 'sunglasses') return sunglasses(p);
      if (c === 'socks') return socks(p);
      if (c === 'warmers') return warmers(p);
      if (c === 'caps') return cap(p);
      if (c === 'gloves') return glove(p);
      if (c === 'protection') return kneePad(p);
      return jersey(p, c === 'jacketsAndGilets');
    default:
      return tools(p);
  }
}

/** Per-photo framing: the first is the full product, the next ones a closer angle and a mirrored view. */
function framing(listing: SeedListing, index: number): { transform: string; gradient: string } {
  const jitter = (hash(`${listing.key}#${index}`) % 7) - 3;
  switch (index % 3) {
    case 0:
      return { transform: `rotate(${jitter * 0.5} 200 200)`, gradient: 'x1="0" y1="0" x2="0" y2="1"' };
    case 1:
      return {
        transform: `translate(200 200) rotate(${-8 + jitter}) scale(1.45) translate(-${170 + jitter * 4} -200)`,
        gradient: 'x1="0" y1="0" x2="1" y2="1"',
      };
    default:
      return {
        transform: `translate(200 204) rotate(${5 + jitter}) scale(-0.86 0.86) translate(-200 -200)`,
        gradient: 'x1="1" y1="0" x2="0" y2="1"',
      };
  }
}

/**
 * The SVG of photo number `index` (0-based) of a listing, `size`×`size` pixels; with a `height`
 * other than `size`, a wide picture of that many pixels: the same square scene, centred, with the
 * background widened around it (the social crops: 1200×630 and 600×314).
 */
export function listingImageSvg(listing: SeedListing, index: number, size = 1200, height = size): string {
  const p = paletteFor(listing, index);
  const { transform, gradient } = framing(listing, index);
  const brand = escapeXml(listing.brand);
  const pillWidth = Math.round(24 + listing.brand.length * 9.2);
  const viewWidth = r1((VIEW * size) / height);
  const shift = r1((viewWidth - VIEW) / 2);
  const scene = [
    `<circle cx="${index === 1 ? 320 : 80}" cy="${index === 2 ? 320 : 70}" r="${110 + (p.brandHue % 40)}" fill="#ffffff" opacity="0.35"/>`,
    `<ellipse cx="200" cy="362" rx="160" ry="14" fill="#000000" opacity="0.07"/>`,
    `<g transform="${transform}">${subjectSvg(listing, p)}</g>`,
  ].join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${height}" viewBox="0 0 ${viewWidth} ${VIEW}">`,
    `<defs><linearGradient id="bg" ${gradient}><stop offset="0" stop-color="${p.bgTop}"/><stop offset="1" stop-color="${p.bgBottom}"/></linearGradient></defs>`,
    `<rect width="${viewWidth}" height="${VIEW}" fill="url(#bg)"/>`,
    shift ? `<g transform="translate(${shift} 0)">${scene}</g>` : scene,
    `<rect x="14" y="360" width="${pillWidth}" height="26" rx="13" fill="#ffffff" opacity="0.82"/>`,
    `<text x="${14 + pillWidth / 2}" y="378" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="15" font-weight="bold" fill="${INK}">${brand}</text>`,
    '</svg>',
  ].join('');
}

/** A `size`×`height` JPEG photo for a listing (square by default); `index` picks the framing (0..imageCount-1). */
export async function renderListingImage(
  listing: SeedListing,
  index: number,
  size: number,
  height = size,
): Promise<Buffer> {
  const svg = listingImageSvg(listing, index, size, height);
  return sharp(Buffer.from(svg))
    .resize(size, height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer();
}
