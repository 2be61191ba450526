/**
 * The small Markdown subset of incident updates (docs/status-pages.md, "Incidents"), as HTML:
 * paragraphs (a single line break is kept as <br>), bullet lists (`- `, `* `, `+ `), numbered
 * lists (`1. `, `1) `), emphasis (`*em*`, `_em_`), strong emphasis (`**strong**`, `__strong__`),
 * links (`[text](https://…)`, http, https and mailto only, `rel="nofollow noopener"`) and
 * backslash escapes. Everything else (HTML, headings, code, images, other URL schemes) is shown
 * as the text it is, escaped. Pure and bounded: at most INCIDENT_MESSAGE_MAX characters are read,
 * and no regular expression sees more than one line.
 */

/** The longest update message (characters); the API refuses longer ones, the renderer reads no more. */
export const INCIDENT_MESSAGE_MAX = 5000;

/** The longest link target kept as a link (longer ones are shown as text). */
const URL_MAX = 2000;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in element content and in double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

const BULLET = /^ {0,3}[-*+][ \t]+(.*)$/;
const NUMBERED = /^ {0,3}\d{1,9}[.)][ \t]+(.*)$/;
const BLANK = /^[ \t]*$/;
const PUNCTUATION = /[!-/:-@[-`{-~]/;
const WORD = /[\p{L}\p{N}]/u;
const SPACE = /\s/;

type Block = { kind: 'p'; lines: string[] } | { kind: 'ul' | 'ol'; items: string[] };

/** Lines into paragraphs and lists: a blank line ends a block; an indented line after an item continues it. */
function blocksOf(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let current = null as Block | null;
  for (const line of lines) {
    if (BLANK.test(line)) {
      current = null;
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const kind = bullet ? 'ul' : 'ol';
      if (current?.kind !== kind) {
        current = { kind, items: [] };
        blocks.push(current);
      }
      current.items.push(item[1] as string);
    } else if (current && current.kind !== 'p' && /^[ \t]/.test(line)) {
      const items = current.items;
      items[items.length - 1] = `${items[items.length - 1] as string}\n${line.trim()}`;
    } else {
      if (current?.kind !== 'p') {
        current = { kind: 'p', lines: [] };
        blocks.push(current);
      }
      current.lines.push(line.trim());
    }
  }
  return blocks;
}

/** A link target that may be a link: http(s) with a host, or mailto; no spaces or control characters. */
export function safeLinkTarget(url: string): string | null {
  if (url.length === 0 || url.length > URL_MAX || /[\s\x00-\x1f\x7f]/.test(url)) return null;
  if (/^mailto:[^/]/i.test(url)) return url;
  if (!/^https?:\/\/[^/?#]/i.test(url)) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

type Inline = 'em' | 'strong' | 'link';

/**
 * Inline markup of one block's text: `inside` says which constructs enclose this text (none of
 * them nests in itself, so the depth is at most three).
 */
function inlineHtml(text: string, inside: readonly Inline[] = []): string {
  let out = '';
  let plain = '';
  const flush = () => {
    out += escapeHtml(plain).replace(/\n/g, '<br>');
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '\\' && i + 1 < text.length && PUNCTUATION.test(text[i + 1] as string)) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (c === '[' && !inside.includes('link')) {
      const link = linkAt(text, i);
      if (link) {
        flush();
        out += `<a href="${escapeHtml(link.href)}" rel="nofollow noopener">${inlineHtml(link.label, [...inside, 'link'])}</a>`;
        i = link.end;
        continue;
      }
    }
    if (c === '*' || c === '_') {
      const double = text[i + 1] === c;
      const kind: Inline = double ? 'strong' : 'em';
      const span = inside.includes(kind) ? null : emphasisAt(text, i, c, double ? 2 : 1);
      if (span) {
        flush();
        out += `<${kind}>${inlineHtml(span.inner, [...inside, kind])}</${kind}>`;
        i = span.end;
        continue;
      }
      // A run of markers that opens nothing is text, all of it (so `**` never half-opens).
      const run = double ? 2 : 1;
      plain += text.slice(i, i + run);
      i += run;
      continue;
    }
    plain += c;
    i += 1;
  }
  flush();
  return out;
}

/** `[label](target)` at `start` with a safe target, or null. The label holds no brackets. */
function linkAt(text: string, start: number): { label: string; href: string; end: number } | null {
  const close = text.indexOf('](', start + 1);
  if (close < 0) return null;
  const label = text.slice(start + 1, close);
  if (label.length === 0 || label.includes('[') || label.includes(']')) return null;
  const end = text.indexOf(')', close + 2);
  if (end < 0) return null;
  const href = safeLinkTarget(text.slice(close + 2, end));
  return href ? { label, href, end: end + 1 } : null;
}

/**
 * An emphasis span opened by `size` markers `m` at `start`, or null. It opens when followed by a
 * non-space, and for `_` when not inside a word (snake_case stays as it is); it closes at the
 * next run of the same markers preceded by a non-space (and for `_` not followed by a word character).
 */
function emphasisAt(text: string, start: number, m: string, size: number): { inner: string; end: number } | null {
  const marker = m.repeat(size);
  const first = text[start + size];
  if (first === undefined || SPACE.test(first) || first === m) return null;
  if (m === '_' && start > 0 && WORD.test(text[start - 1] as string)) return null;
  let at = text.indexOf(marker, start + size + 1);
  while (at >= 0) {
    const before = text[at - 1] as string;
    const after = text[at + size];
    // A single marker closes only alone (so `*em **strong** em*` finds its own closer).
    const alone = size === 2 || before !== m;
    const closes = alone && !SPACE.test(before) && before !== '\\' && after !== m && !(m === '_' && after !== undefined && WORD.test(after));
    if (closes) return { inner: text.slice(start + size, at), end: at + size };
    at = text.indexOf(marker, at + 1);
  }
  return null;
}

/** An update's message as HTML (see the top of this file). */
export function renderIncidentMarkdown(message: string): string {
  const lines = message.slice(0, INCIDENT_MESSAGE_MAX).replace(/\r\n?/g, '\n').split('\n');
  return blocksOf(lines)
    .map((b) => {
      if (b.kind === 'p') return `<p>${inlineHtml(b.lines.join('\n'))}</p>`;
      return `<${b.kind}>${b.items.map((item) => `<li>${inlineHtml(item)}</li>`).join('')}</${b.kind}>`;
    })
    .join('');
}
