/** Every IANA zone the runtime knows, UTC first: the options of a time-zone picker. */
export const TIME_ZONES: readonly string[] = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];

/** The picker's options, with `current` kept when the runtime's list lacks it (a legacy or Etc/ name typed through the API). */
export function timeZoneOptions(current: string): { value: string; label: string }[] {
  const zones = TIME_ZONES.includes(current) || current === '' ? TIME_ZONES : [current, ...TIME_ZONES];
  return zones.map((z) => ({ value: z, label: z }));
}
