import type { AvatarVariantName, ProfileImage } from '../../../shared/api/account';
import { avatarSizes } from '../../../shared/config/constants';

/**
 * A user's picture (§9 avatar sizes: small 40, medium 60, large 96 px), from the profile image's
 * square variants (§7: square-xsmall 40×40, square-xsmall2x 80×80, square-small 240×240,
 * square-small2x 480×480). Without a picture: the initials; banned and deleted users get a
 * placeholder icon (§3).
 */
export interface AvatarUser {
  displayName?: string;
  abbreviatedName?: string;
  profileImage?: ProfileImage | undefined;
  banned?: boolean;
  deleted?: boolean;
}

export type AvatarSize = keyof typeof avatarSizes;

/**
 * The variants to try for 1× and 2× screens at each size, best first: a crop at least as large as
 * the avatar on that screen (small 40 → 40/80, medium 60 → 80/240, large 96 → 240/480).
 */
const variantChoices: Record<AvatarSize, { oneX: AvatarVariantName[]; twoX: AvatarVariantName[] }> = {
  small: {
    oneX: ['square-xsmall', 'square-xsmall2x', 'square-small'],
    twoX: ['square-xsmall2x', 'square-small'],
  },
  medium: {
    oneX: ['square-xsmall2x', 'square-small', 'square-small2x'],
    twoX: ['square-small', 'square-small2x'],
  },
  large: { oneX: ['square-small', 'square-small2x'], twoX: ['square-small2x'] },
};

/** The variant for 1× and 2× screens at a size. */
export function avatarSources(
  image: ProfileImage | undefined,
  size: AvatarSize,
): { src: string; srcSet?: string } | null {
  const v = image?.variants;
  if (!v) return null;
  const first = (names: AvatarVariantName[]) => names.map((name) => v[name]).find(Boolean);
  const oneX = first(variantChoices[size].oneX);
  const twoX = first(variantChoices[size].twoX);
  if (!oneX) return null;
  return twoX && twoX.url !== oneX.url
    ? { src: oneX.url, srcSet: `${oneX.url} 1x, ${twoX.url} 2x` }
    : { src: oneX.url };
}

function PlaceholderIcon() {
  return (
    <svg viewBox="0 0 24 24" width="60%" height="60%" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="currentColor" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor" />
    </svg>
  );
}

export function Avatar({
  user,
  size = 'small',
  alt = '',
}: {
  user: AvatarUser;
  size?: AvatarSize;
  /** Text for the picture; empty when the name is shown next to it. */
  alt?: string;
}) {
  const pixels = avatarSizes[size];
  const className = `avatar avatar-${size}`;
  const sources = user.banned || user.deleted ? null : avatarSources(user.profileImage, size);
  if (sources) {
    return (
      <img
        className={className}
        src={sources.src}
        srcSet={sources.srcSet}
        width={pixels}
        height={pixels}
        alt={alt}
        decoding="async"
      />
    );
  }
  const content =
    user.banned || user.deleted ? (
      <PlaceholderIcon />
    ) : (
      user.abbreviatedName || user.displayName?.slice(0, 1).toUpperCase() || '?'
    );
  const classes = user.banned || user.deleted ? `${className} avatar-placeholder` : className;
  return alt ? (
    <span className={classes} role="img" aria-label={alt}>
      {content}
    </span>
  ) : (
    <span className={classes} aria-hidden="true">
      {content}
    </span>
  );
}
