import { escapeHtml, INCIDENT_MESSAGE_MAX, renderIncidentMarkdown as md, safeLinkTarget } from './incident-markdown.js';

describe('renderIncidentMarkdown: blocks', () => {
  test.each([
    ['', ''],
    ['   \n\t\n', ''],
    ['Hello', '<p>Hello</p>'],
    ['  Hello  ', '<p>Hello</p>'],
    ['one\ntwo', '<p>one<br>two</p>'],
    ['one\r\ntwo\rthree', '<p>one<br>two<br>three</p>'],
    ['one\n\ntwo', '<p>one</p><p>two</p>'],
    ['one\n \t \ntwo', '<p>one</p><p>two</p>'],
    ['- a\n- b', '<ul><li>a</li><li>b</li></ul>'],
    ['* a\n+ b', '<ul><li>a</li><li>b</li></ul>'],
    ['   - indented up to three', '<ul><li>indented up to three</li></ul>'],
    ['1. a\n2) b\n10. c', '<ol><li>a</li><li>b</li><li>c</li></ol>'],
    ['- a\n1. b', '<ul><li>a</li></ul><ol><li>b</li></ol>'],
    ['Intro\n- a\n- b\nAfter', '<p>Intro</p><ul><li>a</li><li>b</li></ul><p>After</p>'],
    ['- a\n  more of a\n- b', '<ul><li>a<br>more of a</li><li>b</li></ul>'],
    ['- a\n\n- b', '<ul><li>a</li></ul><ul><li>b</li></ul>'],
    ['-no space', '<p>-no space</p>'],
    ['1.no space', '<p>1.no space</p>'],
    ['1234567890. too long a number', '<p>1234567890. too long a number</p>'],
    ['    - four spaces is text', '<p>- four spaces is text</p>'],
    ['# Heading', '<p># Heading</p>'],
    ['> quote', '<p>&gt; quote</p>'],
    ['```\ncode\n```', '<p>```<br>code<br>```</p>'],
    ['`code`', '<p>`code`</p>'],
    ['---', '<p>---</p>'],
  ])('%j → %s', (input, html) => {
    expect(md(input)).toBe(html);
  });
});

describe('renderIncidentMarkdown: emphasis', () => {
  test.each([
    ['*em*', '<p><em>em</em></p>'],
    ['_em_', '<p><em>em</em></p>'],
    ['**strong**', '<p><strong>strong</strong></p>'],
    ['__strong__', '<p><strong>strong</strong></p>'],
    ['a *b* c', '<p>a <em>b</em> c</p>'],
    ['**bold *and em***', '<p><strong>bold <em>and em</em></strong></p>'],
    ['*em **and bold** too*', '<p><em>em <strong>and bold</strong> too</em></p>'],
    ['*em **and bold***', '<p>*em <strong>and bold*</strong></p>'],
    ['* not em*', '<ul><li>not em*</li></ul>'],
    ['a * b * c', '<p>a * b * c</p>'],
    ['a *b *c', '<p>a *b *c</p>'],
    ['*unclosed', '<p>*unclosed</p>'],
    ['**unclosed', '<p>**unclosed</p>'],
    ['**', '<p>**</p>'],
    ['***', '<p>***</p>'],
    ['snake_case_name', '<p>snake_case_name</p>'],
    ['_a_b_', '<p><em>a_b</em></p>'],
    ['2*3*4', '<p>2<em>3</em>4</p>'],
    ['\\*not em\\*', '<p>*not em*</p>'],
    ['*a\\*b*', '<p><em>a*b</em></p>'],
    ['\\\\', '<p>\\</p>'],
    ['\\a stays', '<p>\\a stays</p>'],
    ['*line one\nline two*', '<p><em>line one<br>line two</em></p>'],
    ['*one*\n\n*two*', '<p><em>one</em></p><p><em>two</em></p>'],
    ['*<b>x</b>*', '<p><em>&lt;b&gt;x&lt;/b&gt;</em></p>'],
  ])('%j → %s', (input, html) => {
    expect(md(input)).toBe(html);
  });
});

describe('renderIncidentMarkdown: links', () => {
  test.each([
    ['[docs](https://example.com/a?b=1&c=2)', '<p><a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener">docs</a></p>'],
    ['[x](http://example.com)', '<p><a href="http://example.com" rel="nofollow noopener">x</a></p>'],
    ['[mail us](mailto:ops@example.com)', '<p><a href="mailto:ops@example.com" rel="nofollow noopener">mail us</a></p>'],
    ['[*em* link](https://e.com)', '<p><a href="https://e.com" rel="nofollow noopener"><em>em</em> link</a></p>'],
    ['**[bold](https://e.com)**', '<p><strong><a href="https://e.com" rel="nofollow noopener">bold</a></strong></p>'],
    ['- see [here](https://e.com)', '<ul><li>see <a href="https://e.com" rel="nofollow noopener">here</a></li></ul>'],
    ['[x](javascript:alert(1))', '<p>[x](javascript:alert(1))</p>'],
    ['[x](JavaScript:alert(1))', '<p>[x](JavaScript:alert(1))</p>'],
    ['[x](data:text/html,<script>alert(1)</script>)', '<p>[x](data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;)</p>'],
    ['[x](vbscript:msgbox)', '<p>[x](vbscript:msgbox)</p>'],
    ['[x](//evil.example)', '<p>[x](//evil.example)</p>'],
    ['[x](/relative)', '<p>[x](/relative)</p>'],
    ['[x](https:evil)', '<p>[x](https:evil)</p>'],
    ['[x](https:///nohost)', '<p>[x](https:///nohost)</p>'],
    ['[x](https://e.com/a b)', '<p>[x](https://e.com/a b)</p>'],
    ['[x](https://e.com/"onmouseover="alert(1))', '<p><a href="https://e.com/&quot;onmouseover=&quot;alert(1" rel="nofollow noopener">x</a>)</p>'],
    ['[](https://e.com)', '<p>[](https://e.com)</p>'],
    ['[a [b]](https://e.com)', '<p>[a [b]](https://e.com)</p>'],
    ['[x](https://e.com', '<p>[x](https://e.com</p>'],
    ['[x] (https://e.com)', '<p>[x] (https://e.com)</p>'],
    ['[[x](https://e.com)', '<p>[<a href="https://e.com" rel="nofollow noopener">x</a></p>'],
    ['https://bare.example', '<p>https://bare.example</p>'],
    ['![image](https://e.com/i.png)', '<p>!<a href="https://e.com/i.png" rel="nofollow noopener">image</a></p>'],
  ])('%j → %s', (input, html) => {
    expect(md(input)).toBe(html);
  });

  test('safeLinkTarget: http, https and mailto only, with a host, bounded, no spaces or control characters', () => {
    expect(safeLinkTarget('https://e.com')).toBe('https://e.com');
    expect(safeLinkTarget('HTTPS://E.COM/x')).toBe('HTTPS://E.COM/x');
    expect(safeLinkTarget('mailto:a@b.c')).toBe('mailto:a@b.c');
    for (const bad of [
      '',
      'mailto:',
      'mailto://x',
      'ftp://e.com',
      'file:///etc/passwd',
      'https://',
      'https://e.com/\u0000',
      'https://e.com/\n',
      `https://e.com/${'a'.repeat(2000)}`,
    ])
      expect(safeLinkTarget(bad)).toBeNull();
  });
});

describe('renderIncidentMarkdown: everything else is escaped', () => {
  const attacks = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '"><svg onload=alert(1)>',
    "'><iframe src=javascript:alert(1)>",
    '<a href="javascript:alert(1)">x</a>',
    '&lt;script&gt;',
    '<style>body{display:none}</style>',
    '[<img src=x onerror=alert(1)>](https://e.com)',
    '*<script>*',
    '- <script>alert(1)</script>',
  ];
  test.each(attacks)('%j has no tag or attribute of its own', (input) => {
    const html = md(input);
    // The only tags are the renderer's own; every < of the input is &lt;.
    expect(html.replace(/<\/?(p|ul|ol|li|em|strong|br)>|<a href="[^"]*" rel="nofollow noopener">|<\/a>/g, '')).not.toMatch(/[<>]/);
    expect(html).not.toMatch(/<(script|img|svg|iframe|style)/i);
  });

  test('escapeHtml escapes the five characters that matter', () => {
    expect(escapeHtml(`&<>"'x`)).toBe('&amp;&lt;&gt;&quot;&#39;x');
  });

  test(`reads at most ${INCIDENT_MESSAGE_MAX} characters`, () => {
    const html = md(`${'a'.repeat(INCIDENT_MESSAGE_MAX)}TAIL`);
    expect(html).toBe(`<p>${'a'.repeat(INCIDENT_MESSAGE_MAX)}</p>`);
  });

  test('unclosed markers and brackets at the limit render as text', () => {
    for (const unit of ['*a ', '_a ', '**a ', '[a](', '[', '*']) {
      const input = unit.repeat(Math.floor(INCIDENT_MESSAGE_MAX / unit.length));
      expect(md(input) === `<p>${escapeHtml(input.trim())}</p>`).toBe(true);
    }
  });
});
