import { describe, expect, it } from 'vitest';
import { keywordTables, parseSmsText } from './sms-keywords.ts';

const TODAY = '2026-12-01';
const parse = (text: string) => parseSmsText(text, TODAY);

describe('the SMS keyword table', () => {
  it('reads FIND with two towns, towns of several words around TO, and a date in each way a person types one', () => {
    expect(parse('FIND Accra Kumasi')).toEqual({ kind: 'ride', command: { kind: 'find', from: 'Accra', to: 'Kumasi', date: null } });
    expect(parse('  find   ACCRA\tkumasi  ')).toEqual({ kind: 'ride', command: { kind: 'find', from: 'Accra', to: 'Kumasi', date: null } });
    expect(parse('FIND Cape Coast to Accra')).toEqual({ kind: 'ride', command: { kind: 'find', from: 'Cape Coast', to: 'Accra', date: null } });
    expect(parse('FIND Accra Kumasi 2026-12-24')).toMatchObject({ command: { date: '2026-12-24' } });
    expect(parse('FIND Accra Kumasi 4/12')).toMatchObject({ command: { date: '2026-12-04' } });
    // A day already past this year is next year's.
    expect(parse('FIND Accra Kumasi 3/1')).toMatchObject({ command: { date: '2027-01-03' } });
    expect(parse('FIND Accra Kumasi 5/1/2027')).toMatchObject({ command: { date: '2027-01-05' } });
    expect(parse('FIND Accra Kumasi today')).toMatchObject({ command: { date: '2026-12-01' } });
    expect(parse('FIND Accra Kumasi TOMORROW')).toMatchObject({ command: { date: '2026-12-02' } });
  });

  it('reads BOOK with mobile money unless CASH is given, MY, and CANCEL, whatever the case', () => {
    expect(parse('BOOK K7P2Q 2')).toEqual({ kind: 'ride', command: { kind: 'book', rideCode: 'K7P2Q', seats: 2, paymentMethod: 'mobile_money' } });
    expect(parse('book k7p2q 3 cash')).toEqual({ kind: 'ride', command: { kind: 'book', rideCode: 'K7P2Q', seats: 3, paymentMethod: 'cash' } });
    expect(parse('my')).toEqual({ kind: 'ride', command: { kind: 'my' } });
    expect(parse('Cancel b7k2q9')).toEqual({ kind: 'ride', command: { kind: 'cancel', bookingCode: 'B7K2Q9' } });
  });

  it('reads STOP, START and HELP, extra words ignored', () => {
    expect(parse('stop')).toEqual({ kind: 'stop' });
    expect(parse(' START please')).toEqual({ kind: 'start' });
    expect(parse('Help')).toEqual({ kind: 'help' });
  });

  it('says which command was used wrongly, so the right form can be shown', () => {
    for (const text of ['FIND', 'FIND Accra', 'FIND Accra Cape Coast', 'FIND to Accra', 'FIND Accra Kumasi 31/2/2027']) expect(parse(text)).toEqual({ kind: 'malformed', keyword: 'find' });
    for (const text of ['BOOK', 'BOOK K7P2Q', 'BOOK K7P2Q two', 'BOOK K7P2Q 0', 'BOOK K7P2Q 2 MOMO', 'BOOK K7-P2Q 2', 'BOOK K7P2Q 2 CASH NOW']) {
      expect(parse(text)).toEqual({ kind: 'malformed', keyword: 'book' });
    }
    for (const text of ['CANCEL', 'CANCEL B7K2Q9 B7K2Q8', 'CANCEL B7']) expect(parse(text)).toEqual({ kind: 'malformed', keyword: 'cancel' });
    expect(parse('Hello Krom')).toEqual({ kind: 'unrecognised' });
    expect(parse('')).toEqual({ kind: 'unrecognised' });
  });

  it('keeps each language in one table entry with a word for every command', () => {
    for (const table of keywordTables) {
      for (const words of Object.values(table.commands)) expect(words.length).toBeGreaterThan(0);
    }
  });
});
