/** Which zone the page's times are shown in: shown by app.js (times are server-rendered in UTC without it); the choice is remembered. */
export function TimeZoneChoice({ checkTz }: { checkTz: string }) {
  return (
    <p class="zone-choice" hidden>
      <label for="time-zone-choice">Show times in</label>{' '}
      <select id="time-zone-choice" data-check-zone={checkTz}>
        <option value="browser">your browser&apos;s zone</option>
        <option value="utc">UTC</option>
        <option value="check">the check&apos;s zone ({checkTz})</option>
      </select>
    </p>
  );
}
