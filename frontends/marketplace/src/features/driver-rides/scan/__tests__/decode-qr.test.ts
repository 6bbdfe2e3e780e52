import { describe, expect, it } from 'vitest';
import { isBoardingCode, normaliseBoardingCode } from '../../boarding-code.ts';
import { type Frame, jsQrReader, qrReader } from '../decode-qr.ts';

/**
 * The QR code of the boarding code KM7QX4 (error correction M), as `qrencode -t ASCII -m 0 -l M KM7QX4`
 * draws it: 1 a dark module, 0 a light one.
 */
const km7qx4 = [
  '111111100110101111111',
  '100000101001101000001',
  '101110100100101011101',
  '101110100001001011101',
  '101110101110101011101',
  '100000100010101000001',
  '111111101010101111111',
  '000000000001100000000',
  '101010100001000010010',
  '011110001010001001011',
  '000111110000100010000',
  '111101000100001001100',
  '000111101010101010000',
  '000000001001010101101',
  '111111100011011101001',
  '100000100001110110001',
  '101110101101011101001',
  '101110100100001100010',
  '101110101010100010101',
  '100000100010001100011',
  '111111101110101010101',
];

/**
 * A camera frame showing a QR code: each module `scale` pixels square, in dark grey on an off-white
 * ticket with a quiet zone of 4 modules around it, placed off-centre in a larger frame.
 */
function frameOf(modules: string[], { scale = 6, dark = 40, light = 235, width = 320, height = 240, left = 70, top = 30 } = {}): Frame {
  const data = new Uint8ClampedArray(width * height * 4).fill(light);
  modules.forEach((row, y) => {
    [...row].forEach((module, x) => {
      if (module !== '1') return;
      for (let dy = 0; dy < scale; dy += 1) {
        for (let dx = 0; dx < scale; dx += 1) {
          const offset = ((top + 4 * scale + y * scale + dy) * width + left + 4 * scale + x * scale + dx) * 4;
          data.fill(dark, offset, offset + 3);
        }
      }
    });
  });
  return { data, width, height };
}

describe('reading a boarding code from a camera frame', () => {
  it('reads the code in the passenger’s QR code with jsQR, where the browser has no BarcodeDetector', async () => {
    expect('BarcodeDetector' in globalThis).toBe(false);
    const read = await qrReader();
    const text = await read(frameOf(km7qx4));
    expect(text).toBe('KM7QX4');
    expect(isBoardingCode(normaliseBoardingCode(text ?? ''))).toBe(true);
  });

  it('finds nothing in a frame without a code, and nothing in a code cut in half', async () => {
    const read = await jsQrReader();
    expect(await read(frameOf([]))).toBeNull();
    expect(await read(frameOf(km7qx4.slice(0, 10)))).toBeNull();
  });
});

describe('a typed boarding code', () => {
  it('is upper-cased and loses the spaces and dashes typed between its characters', () => {
    expect(normaliseBoardingCode(' km7-qx 4 ')).toBe('KM7QX4');
  });

  it('is 6 characters of the alphabet without look-alikes', () => {
    expect(isBoardingCode('KM7QX4')).toBe(true);
    expect(isBoardingCode('KM7QX')).toBe(false);
    expect(isBoardingCode('KM7QX44')).toBe(false);
    // O, 0, I, 1, L, S, 5, Z, 2, B, 8 are never in a code.
    for (const lookAlike of 'O0I1LS5Z2B8') expect(isBoardingCode(`KM7QX${lookAlike}`)).toBe(false);
  });
});
