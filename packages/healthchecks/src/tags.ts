const TAG_MAX = 100;
const TAGS_MAX = 100;

/**
 * Healthchecks' space-separated `tags` → upmon's tag list: empty items dropped, duplicates kept
 * once (upmon tags are a set), each tag at most 100 characters and at most 100 tags (upmon's
 * limits; Healthchecks only caps the whole string at 500 characters). `adjusted` says what changed
 * beyond splitting.
 */
export function parseHcTags(text: string): { tags: string[]; adjusted: string | null } {
  const items = text
    .split(' ')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const unique = [...new Set(items)];
  const cut = unique.map((t) => t.slice(0, TAG_MAX));
  const tags = [...new Set(cut)].slice(0, TAGS_MAX);
  let adjusted: string | null = null;
  if (unique.length !== items.length) adjusted = 'upmon keeps each tag once';
  if (cut.some((t, i) => t !== unique[i]) || tags.length < cut.length) adjusted = 'upmon allows at most 100 tags of at most 100 characters';
  return { tags, adjusted };
}

/** upmon's tag list → Healthchecks' space-separated string. */
export function hcTagsText(tags: readonly string[]): string {
  return tags.join(' ');
}
