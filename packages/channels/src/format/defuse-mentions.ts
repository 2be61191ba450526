/** A zero-width space: invisible, but it breaks the markup it is put into. */
const ZWSP = '\u200b';

/**
 * Text with chat mention markup made inert: a check called `@all`, `@here`, `<users/all>` or
 * `@**everyone**` must not page a whole room. A zero-width space after every `@` and `<` keeps
 * the text looking the same while no mention or link syntax starts there. For chat formats
 * whose text may carry mentions (Rocket.Chat, Google Chat, Zulip); never applied to URLs.
 */
export function defuseMentions(text: string): string {
  return text.replace(/[@<]/g, (c) => `${c}${ZWSP}`);
}
