import { describe, expect, it } from 'vitest';
import { africasTalkingAnswer, hubtelAnswer, readAfricasTalking, readHubtel } from './ussd-providers.ts';

describe("Africa's Talking's USSD callback", () => {
  it('reads the form fields, every input so far joined by *', () => {
    const form = { sessionId: 'ATUid_1', serviceCode: '*713#', phoneNumber: '+233241234567', networkCode: '62001', text: '' };
    expect(readAfricasTalking(form)).toEqual({ provider: 'africastalking', sessionId: 'ATUid_1', phone: '+233241234567', serviceCode: '*713#', inputs: [], ended: false });
    expect(readAfricasTalking({ ...form, text: '1*Accra*Kumasi*2' })?.inputs).toEqual(['1', 'Accra', 'Kumasi', '2']);
    expect(readAfricasTalking({ sessionId: 'x' })).toBeUndefined();
  });

  it('answers CON to go on and END to close', () => {
    expect(africasTalkingAnswer({ text: 'Krom\n1 Find a ride', end: false })).toBe('CON Krom\n1 Find a ride');
    expect(africasTalkingAnswer({ text: 'Nothing was booked.', end: true })).toBe('END Nothing was booked.');
  });
});

describe("Hubtel's USSD callback", () => {
  const base = { Mobile: '233241234567', SessionId: 'hub-1', ServiceCode: '713', Operator: 'mtn' };

  it('reads Initiation, Response (placed by Sequence), Release and Timeout', () => {
    expect(readHubtel({ ...base, Type: 'Initiation', Message: '*713#', Sequence: 1 }, [])).toEqual({
      provider: 'hubtel',
      sessionId: 'hub-1',
      phone: '233241234567',
      serviceCode: '713',
      inputs: [],
      ended: false,
    });
    expect(readHubtel({ ...base, Type: 'Response', Message: 'Kumasi', Sequence: 3 }, ['1'])?.inputs).toEqual(['1', 'Kumasi']);
    // A retried step (the same Sequence again) replaces its input rather than adding it twice.
    expect(readHubtel({ ...base, Type: 'Response', Message: 'Kumasi', Sequence: 3 }, ['1', 'Kumasi'])?.inputs).toEqual(['1', 'Kumasi']);
    expect(readHubtel({ ...base, Type: 'Release', Message: '' }, ['1'])).toMatchObject({ inputs: ['1'], ended: true });
    expect(readHubtel({ ...base, Type: 'Timeout', Message: '' }, ['1'])?.ended).toBe(true);
    expect(readHubtel({ ...base, Type: 'Dance', Message: '' }, [])).toBeUndefined();
  });

  it('answers response to go on and release to close', () => {
    expect(hubtelAnswer('hub-1', { text: 'To which town?', end: false })).toEqual({ SessionId: 'hub-1', Type: 'response', Message: 'To which town?', Label: 'Krom', DataType: 'input', FieldType: 'text' });
    expect(hubtelAnswer('hub-1', { text: 'Nothing was booked.', end: true })).toMatchObject({ Type: 'release', DataType: 'display' });
  });
});
