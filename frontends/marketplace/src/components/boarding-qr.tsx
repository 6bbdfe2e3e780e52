import { encode } from 'uqr';

/**
 * A boarding code as a QR code the driver's phone can scan: dark modules drawn as one SVG path
 * (crisp at any size, no canvas), with the quiet border scanners need. Loaded only where a code
 * is shown (boarding-code.tsx imports it lazily), so the QR encoder is not in any other screen's JavaScript.
 */
export default function BoardingQr({ code, size = 168 }: { code: string; size?: number }) {
  // Medium error correction: a cracked or dim phone screen still scans; a 6-character code stays a small version 1 symbol.
  const qr = encode(code, { ecc: 'M', border: 2 });
  let path = '';
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg role="img" aria-label={`QR code of boarding code ${code}`} width={size} height={size} viewBox={`0 0 ${qr.size} ${qr.size}`} shapeRendering="crispEdges">
      <rect width={qr.size} height={qr.size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
