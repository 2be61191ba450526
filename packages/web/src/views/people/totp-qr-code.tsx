import { renderSVG } from 'uqr';

/**
 * The otpauth:// setup URI as a QR code for an authenticator app's camera, rendered on the server
 * (uqr: SVG, no dependencies) and embedded as a data: image (the CSP allows `img-src data:`; no
 * inline markup to trust). The URI is ours (secret, issuer, the person's address), bounded.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const svg = renderSVG(uri, { border: 2 });
  return (
    <img
      class="qr-code"
      src={`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`}
      width={200}
      height={200}
      alt="QR code of the setup key, for your authenticator app's camera"
    />
  );
}
