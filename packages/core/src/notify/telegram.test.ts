import { parseStartCommand, telegramSendMessage, TELEGRAM_MAX_TEXT } from './telegram.js';

describe('parseStartCommand', () => {
  it.each([
    ['/start abc_DEF-123', 'abc_DEF-123'],
    ['  /start   tok  ', 'tok'],
    ['/start@upmon_bot tok', 'tok'],
    ['/start', ''],
    ['/start@upmon_bot', ''],
  ])('%j → %j', (text, token) => expect(parseStartCommand(text)).toBe(token));
  it.each([['/stop x'], ['hello'], ['/starts x'], ['/start a b'], [''], [undefined], [42]])('%j is not a start command', (text) =>
    expect(parseStartCommand(text)).toBeNull(),
  );
});

describe('telegramSendMessage', () => {
  it('builds the Bot API request', () => {
    expect(telegramSendMessage('http://tg.local/', '123:ABC', '-100', 'hi')).toEqual({
      url: 'http://tg.local/bot123:ABC/sendMessage',
      body: { chat_id: '-100', text: 'hi', disable_web_page_preview: true },
    });
  });
  it("clips text to Telegram's limit", () => {
    const r = telegramSendMessage('http://x', 't', '1', 'a'.repeat(5000));
    expect(r.body.text).toHaveLength(TELEGRAM_MAX_TEXT);
    expect(r.body.text.endsWith('…')).toBe(true);
  });
});
