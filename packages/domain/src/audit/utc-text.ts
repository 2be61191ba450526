/** `2026-11-24 07:11 UTC`: a moment as the audit log and the pages write it before a viewer's zone is known. */
export function utcText(d: Date, seconds = false): string {
  const iso = d.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, seconds ? 19 : 16)} UTC`;
}
