import { describe, expect, it } from 'vitest';
import { fitTwoNamesInSegment, gsmLength, inGsmAlphabet, SMS_SEGMENT_LENGTH, shortened, smsSegments } from './sms-segment.ts';

describe('SMS segments', () => {
  it('counts GSM characters once, the extension table twice, and nothing for a Unicode text', () => {
    expect(gsmLength('Accra to Kumasi, GHS 120.00')).toBe(27);
    expect(gsmLength('[1]')).toBe(5);
    expect(gsmLength('GH₵120.00')).toBeUndefined();
  });

  it('writes names in the GSM alphabet where a plain form exists, keeping what has none', () => {
    expect(inGsmAlphabet('Kɔforidua’s – “Ɛ” Côte…')).toBe('Koforidua\'s - "E" Cote...');
    expect(inGsmAlphabet('Hohoé')).toBe('Hohoé');
    expect(inGsmAlphabet('Akwaaba 😀')).toBe('Akwaaba 😀');
  });

  it('cuts a name with three dots only when it is too long', () => {
    expect(shortened('Kumasi', 6)).toBe('Kumasi');
    expect(shortened('Kejetia Market', 10)).toBe('Kejetia...');
  });

  it('fits two names in one segment, counting extension characters twice', () => {
    const write = (a: string, b: string) => `${'x'.repeat(100)} ${a} to ${b}.`;
    expect(fitTwoNamesInSegment('Accra', 'Kumasi', write)).toBe(write('Accra', 'Kumasi'));
    const fitted = fitTwoNamesInSegment('[Tema]'.repeat(10), 'Bolgatanga'.repeat(10), write);
    expect(gsmLength(fitted)).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
    expect(fitted).toMatch(/\.\.\. to Bolgatanga.*\.\.\.\.$/);
  });
});

describe('segments of a message', () => {
  it('is one up to 160 GSM characters, then 153 a segment; 70 then 67 for Unicode', () => {
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('a'.repeat(306))).toBe(2);
    expect(smsSegments('a'.repeat(307))).toBe(3);
    expect(smsSegments(`${'a'.repeat(69)}₵`)).toBe(1);
    expect(smsSegments(`${'a'.repeat(70)}₵`)).toBe(2);
  });
});
