/*
 * Reads the text of a QR code in a camera frame. The browser's own BarcodeDetector where it
 * reads QR codes (Chrome on Android and macOS, Safari); elsewhere jsQR, downloaded only then.
 */

/** A frame's pixels as a canvas gives them (RGBA, row by row). */
export type Frame = Pick<ImageData, 'data' | 'width' | 'height'>;
/** The text of the QR code in a frame, or null when the frame shows none. */
export type QrReader = (frame: Frame) => Promise<string | null>;

type Detector = { detect(source: Frame): Promise<{ rawValue: string }[]> };
type DetectorClass = { new (options: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> };

async function nativeReader(): Promise<QrReader | null> {
  const BarcodeDetector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!BarcodeDetector) return null;
  // Some builds have the class but no QR decoder behind it (Chrome on Linux desktops).
  const formats: string[] = await BarcodeDetector.getSupportedFormats().catch(() => []);
  if (!formats.includes('qr_code')) return null;
  const detector = new BarcodeDetector({ formats: ['qr_code'] });
  return async (frame) => (await detector.detect(frame))[0]?.rawValue ?? null;
}

/** jsQR on the frame's pixels; a phone's camera sees the passenger's dark-on-light code, so inverted codes are not searched for. */
export async function jsQrReader(): Promise<QrReader> {
  const { default: jsQR } = await import('jsqr');
  return async (frame) => jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** The best reader this browser has. */
export async function qrReader(): Promise<QrReader> {
  return (await nativeReader()) ?? jsQrReader();
}
