/** The formats every badge comes in: the file extension in its URL. */
export const BADGE_FORMATS = ['svg', 'json', 'shields'] as const;
export type BadgeFormat = (typeof BADGE_FORMATS)[number];

/** In a badge URL, this tag stands for all of the project's checks. */
export const ALL_CHECKS = '*';

/**
 * `<base>/badge/<badge_key>/<tag>.<format>` (docs/api.md, "Badges"). The tag is percent-encoded, so any
 * tag (dots, slashes, spaces) round-trips; `*` is all checks.
 */
export function badgeUrl(base: string, badgeKey: string, tag: string, format: BadgeFormat): string {
  const name = tag === ALL_CHECKS ? ALL_CHECKS : encodeURIComponent(tag);
  return `${base}/badge/${badgeKey}/${name}.${format}`;
}

/** Every format's URL of one badge. */
export function badgeUrls(base: string, badgeKey: string, tag: string): Record<BadgeFormat, string> {
  return { svg: badgeUrl(base, badgeKey, tag, 'svg'), json: badgeUrl(base, badgeKey, tag, 'json'), shields: badgeUrl(base, badgeKey, tag, 'shields') };
}
