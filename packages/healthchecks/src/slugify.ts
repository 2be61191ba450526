/**
 * Django's `slugify` (what Healthchecks' API v1 and v2 make a check's slug from its name): ASCII
 * only, lower case, characters other than letters, digits, '_', '-' and spaces dropped, runs of
 * spaces and hyphens made one hyphen, leading and trailing '-' and '_' removed. Cut to 100
 * characters, the longest slug either product allows.
 */
export function hcSlugify(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[^\x00-\x7f]/g, '')
    .toLowerCase();
  return ascii
    .replace(/[^\w\s-]/g, '')
    .replace(/[-\s]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 100);
}
