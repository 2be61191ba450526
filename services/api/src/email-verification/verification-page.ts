/** The confirmation pages of e-mail verification: tiny, self-contained HTML, every value escaped. */
import { EMAIL_VERIFICATION_TTL_MS } from '@upmon/domain';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · upmon</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;color:#1d1d1f;background:#f5f5f7}
main{max-width:32rem;margin:2rem auto;background:#fff;border-radius:8px;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.4rem;margin:0 0 1rem}
p{margin:0 0 1rem;overflow-wrap:anywhere}
button{font:inherit;font-weight:600;padding:.75rem 1.25rem;min-height:44px;border:0;border-radius:6px;background:#0b57d0;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #f0a92e;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

export interface VerificationTarget {
  address: string;
  integrationName: string;
}

/**
 * Asks for a click before verifying: mail scanners fetch links, and a fetched link must not
 * count as the recipient's consent. The form posts back to the same URL.
 */
export function confirmPage(t: VerificationTarget): string {
  return page(
    'Confirm alerts to this address',
    `<p>upmon monitoring alerts from the integration <strong>${escapeHtml(t.integrationName)}</strong> are waiting to be sent to <strong>${escapeHtml(t.address)}</strong>.</p>
<p>Confirm only if this is your address and you want these alerts.</p>
<form method="post"><button type="submit">Confirm and receive alerts</button></form>`,
  );
}

export function verifiedPage(t: VerificationTarget): string {
  return page(
    'Address confirmed',
    `<p><strong>${escapeHtml(t.address)}</strong> now receives the alerts of the integration <strong>${escapeHtml(t.integrationName)}</strong>.</p>
<p>You can close this page.</p>`,
  );
}

export function invalidLinkPage(): string {
  return page(
    'This link does not work',
    `<p>The link is unknown, was already used, or has expired (links work for ${EMAIL_VERIFICATION_TTL_MS / 3_600_000} hours).</p>
<p>Whoever set up the alerts can send a new link by saving the integration's e-mail settings again.</p>`,
  );
}
