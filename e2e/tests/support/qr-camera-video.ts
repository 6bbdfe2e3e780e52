import { writeFileSync } from 'node:fs';
import { encode } from 'uqr';

/**
 * A video of `text` as a QR code held still in front of the camera, for Chromium's fake camera
 * (`--use-file-for-fake-video-capture=<file>`): a Y4M file, which Chromium plays in a loop as the
 * webcam's picture. The code is drawn as the passenger's ticket draws it (boarding-qr.tsx: uqr,
 * medium error correction), black modules on white, scaled up and centred with a wide white
 * margin, in grey only (the U and V planes at 128, no colour).
 */
export function writeQrCameraVideo(file: string, text: string, { width = 640, height = 480, frames = 2 } = {}) {
  const qr = encode(text, { ecc: 'M', border: 4 });
  // Whole pixels per module, the symbol filling at most three quarters of the shorter side.
  const scale = Math.floor((Math.min(width, height) * 0.75) / qr.size);
  const left = Math.floor((width - qr.size * scale) / 2);
  const top = Math.floor((height - qr.size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy += 1) luma.fill(16, (top + y * scale + dy) * width + left + x * scale, (top + y * scale + dy) * width + left + (x + 1) * scale);
    });
  });
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: frames }, () => frame)]));
}
