import type { Request, Response } from 'express';

/** Cookies of the request, from a bounded header (the browser's limit is about 4 KB a cookie). */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header || header.length > 16_384) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export interface CookieSettings {
  secure: boolean;
}

/** `__Host-` prefixed when secure: the browser then insists on Secure, Path=/ and no Domain. */
export function cookieName(base: string, s: CookieSettings): string {
  return s.secure ? `__Host-${base}` : base;
}

export function setCookie(res: Response, name: string, value: string, s: CookieSettings, maxAgeSec: number): void {
  res.cookie(name, value, { httpOnly: true, sameSite: 'lax', secure: s.secure, path: '/', maxAge: maxAgeSec * 1000, encode: (v) => v });
}

export function clearCookie(res: Response, name: string, s: CookieSettings): void {
  res.clearCookie(name, { httpOnly: true, sameSite: 'lax', secure: s.secure, path: '/' });
}
