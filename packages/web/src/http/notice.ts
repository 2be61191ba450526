/**
 * The notice a page shows after an action (`?done=<name>`, docs/web.md). Only the page's own names
 * count (`Object.hasOwn`), so `?done=constructor` or `?done=__proto__` shows no notice rather than
 * something inherited from `Object.prototype`.
 */
export function noticeOf(notices: Readonly<Record<string, string>>, done: unknown): string | undefined {
  return typeof done === 'string' && Object.hasOwn(notices, done) ? notices[done] : undefined;
}
