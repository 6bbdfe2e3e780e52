import { describe, expect, it } from 'vitest';
import { imageFileProblem } from './upload-image.tsx';

const file = (type: string, bytes: number) => new File([new Uint8Array(bytes)], 'picture', { type });

describe('imageFileProblem (checked before an upload is sent)', () => {
  it('accepts an image up to exactly 5MB', () => {
    expect(imageFileProblem(file('image/jpeg', 5 * 1024 * 1024))).toBeNull();
    expect(imageFileProblem(file('image/webp', 10))).toBeNull();
  });

  it("refuses what is not an image, and an image over 5MB, in the spec's words", () => {
    expect(imageFileProblem(file('application/pdf', 10))).toBe('Please select an image file');
    expect(imageFileProblem(file('', 10))).toBe('Please select an image file');
    expect(imageFileProblem(file('image/png', 5 * 1024 * 1024 + 1))).toBe('Image must be smaller than 5MB');
  });
});
