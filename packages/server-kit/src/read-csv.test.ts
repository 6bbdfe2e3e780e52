import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvError, readCsvObjects, readCsvRecords } from './read-csv.ts';

describe('reading RFC 4180 CSV', () => {
  it('splits records at LF and CRLF and fields at commas, keeping empty fields', () => {
    expect(readCsvRecords('a,b,c\n1,,3\r\n,,\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', '3'],
      ['', '', ''],
    ]);
  });

  it('reads quoted fields holding commas, doubled quotes and line breaks', () => {
    expect(readCsvRecords('id,name\nosm-1,"Tamale, Kintampo (Techiman)"\nosm-2,"The ""Big"" Market"\nosm-3,"two\nlines"\nosm-4,""')).toEqual([
      ['id', 'name'],
      ['osm-1', 'Tamale, Kintampo (Techiman)'],
      ['osm-2', 'The "Big" Market'],
      ['osm-3', 'two\nlines'],
      ['osm-4', ''],
    ]);
  });

  it('does not make a record of a final line break, and reads a last line without one', () => {
    expect(readCsvRecords('a\nb\n')).toEqual([['a'], ['b']]);
    expect(readCsvRecords('a\nb')).toEqual([['a'], ['b']]);
    expect(readCsvRecords('')).toEqual([]);
  });

  it('ignores a byte-order mark and keeps accents and other characters as they are', () => {
    expect(readCsvRecords('\ufeffname\nAgógó\n"Côte d\'Ivoire, border"')).toEqual([['name'], ['Agógó'], ["Côte d'Ivoire, border"]]);
  });

  it('refuses a quoted field left open, text after a closing quote and a stray quote', () => {
    expect(() => readCsvRecords('a,"open\n')).toThrow(CsvError);
    expect(() => readCsvRecords('a,"closed"x\n')).toThrow(CsvError);
    expect(() => readCsvRecords('a,b"c\n')).toThrow(CsvError);
  });

  it('reads back any table written the RFC 4180 way', () => {
    const quote = (field: string) => (/[",\r\n]/.test(field) || field === '' ? `"${field.replaceAll('"', '""')}"` : field);
    const table = fc.array(fc.array(fc.string({ unit: fc.constantFrom('a', 'é', ',', '"', '\n', '\r', ' ', '1') }), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(table, fc.constantFrom('\n', '\r\n'), (rows, newline) => {
        expect(readCsvRecords(rows.map((row) => row.map(quote).join(',')).join(newline))).toEqual(rows);
      }),
    );
  });
});

describe('records as objects', () => {
  it('keys each record by the header', () => {
    expect(readCsvObjects('id,name\nosm-1,Kumasi\n')).toEqual([{ id: 'osm-1', name: 'Kumasi' }]);
  });

  it('refuses a record whose field count differs from the header', () => {
    expect(() => readCsvObjects('id,name\nosm-1\n')).toThrow(/record 1 has 1 fields where the header has 2/);
  });
});
