/**
 * A reader for RFC 4180 CSV, which is all the gazetteer needs: fields separated by commas,
 * records by CRLF or LF, a field in double quotes may hold commas, line breaks and doubled
 * quotes (`""` for one `"`). A leading byte-order mark is ignored. No CSV library is a dependency
 * of the BFF, and this is small enough to read and test in full.
 */
export class CsvError extends Error {
  constructor(message: string) {
    super(`Malformed CSV: ${message}`);
    this.name = 'CsvError';
  }
}

/** Every record of `text` as its fields, in order; a final line break does not make an empty record. */
export function readCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let line = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // True once the current record has any content, so a trailing newline adds nothing.
  let started = false;

  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
    started = false;
  };

  while (i < text.length) {
    const char = text[i];
    // A quote opens a quoted field only at the field's start (every other character of a field is kept in `field`).
    if (char === '"' && field === '') {
      // A quoted field: read to the closing quote, `""` standing for one quote.
      const opened = line;
      i++;
      for (;;) {
        if (i >= text.length) throw new CsvError(`the quoted field opened on line ${opened} is not closed`);
        const inside = text[i];
        if (inside === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (inside === '\n') line++;
        field += inside;
        i++;
      }
      started = true;
      const next = text[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        throw new CsvError(`text after a closing quote on line ${line}`);
      }
      continue;
    }
    if (char === ',') {
      endField();
      started = true;
      i++;
    } else if (char === '\r' && text[i + 1] === '\n') {
      endRecord();
      line++;
      i += 2;
    } else if (char === '\n') {
      endRecord();
      line++;
      i++;
    } else {
      if (char === '"') throw new CsvError(`a quote inside an unquoted field on line ${line}`);
      field += char;
      started = true;
      i++;
    }
  }
  if (started || field !== '' || record.length > 0) endRecord();
  return records;
}

/**
 * The records under the header row as objects keyed by the header's names. A record with a
 * different number of fields than the header is an error: the file is then not what it claims.
 */
export function readCsvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = readCsvRecords(text);
  if (!header) return [];
  return rows.map((row, index) => {
    if (row.length !== header.length) throw new CsvError(`record ${index + 1} has ${row.length} fields where the header has ${header.length}`);
    return Object.fromEntries(header.map((name, column) => [name, row[column] as string]));
  });
}
