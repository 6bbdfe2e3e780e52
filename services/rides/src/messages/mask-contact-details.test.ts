import { messageMask } from '@krom/contracts/http/messages';
import { describe, expect, it } from 'vitest';
import { maskContactDetails } from './mask-contact-details.ts';

const hidden = (text: string) => maskContactDetails(text).text;

describe('maskContactDetails', () => {
  it.each([
    ['Call me on 024 123 4567 please', `Call me on ${messageMask} please`],
    ['Call me on 0241234567', `Call me on ${messageMask}`],
    ['+233 24 123 4567 is my line', `${messageMask} is my line`],
    ['+233241234567', messageMask],
    ['+233 (0)24 123 4567', messageMask],
    ['024-123-4567', messageMask],
    ['024.123.4567', messageMask],
    ['0 2 4 1 2 3 4 5 6 7', messageMask],
    ['WhatsApp 055 987 6543 or 020 111 2222', `WhatsApp ${messageMask} or ${messageMask}`],
    ['my number:0501234567.', `my number:${messageMask}.`],
  ])('hides the phone in %j', (text, expected) => {
    expect(maskContactDetails(text)).toEqual({ text: expected, masked: true });
  });

  it.each([
    ['write to kofi.mensah@gmail.com', `write to ${messageMask}`],
    ['Ama_B+krom@yahoo.co.uk.', `${messageMask}.`],
    ['kofi (at) gmail (dot) com', messageMask],
    ['kofi[at]gmail[dot]com', messageMask],
    ['kofi @ gmail . com', messageMask],
  ])('hides the e-mail address in %j', (text, expected) => {
    expect(hidden(text)).toBe(expected);
  });

  it.each([
    ['Send it to my momo 0241234567', `Send it to my momo ${messageMask}`],
    ['MoMo: 024 123 4567 (Kofi)', `MoMo: ${messageMask} (Kofi)`],
    ['card 4111 1111 1111 1111', `card ${messageMask}`],
    ['4111-1111-1111-1111 exp 12/28', `${messageMask} exp 12/28`],
    ['pay merchant 123456 on momo', `pay merchant ${messageMask} on momo`],
    ['Momo merchant ID: 54321', `Momo merchant ID: ${messageMask}`],
    ['bank account no. 00123 45678', `bank account no. ${messageMask}`],
  ])('hides the payment details in %j', (text, expected) => {
    expect(hidden(text)).toBe(expected);
  });

  it.each([
    'I need 2 seats',
    'Is GH₵ 50 per seat fine?',
    'GHS 1,250.00 for the whole car',
    'We leave at 6:30 from Kaneshie',
    'Pick up on 28/11/2026 at 14:00',
    'Room 12, 3rd floor, house no. 45',
    'I will pay 150 cedis by momo when we meet',
    'Can we meet at the Shell station at Circle?',
    'The card game starts at 7',
    'I have 3 bags and 2 kids aged 4 and 6',
    'N1 highway, km 120',
  ])('leaves %j as it is', (text) => {
    expect(maskContactDetails(text)).toEqual({ text, masked: false });
  });
});
