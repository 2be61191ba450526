import { IANAZone } from 'luxon';

/** True when `tz` is an IANA time zone name the runtime knows (e.g. Europe/Riga, UTC). */
export function isValidTimeZone(tz: string): boolean {
  return typeof tz === 'string' && tz.length > 0 && IANAZone.isValidZone(tz);
}
