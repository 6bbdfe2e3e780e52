import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from './errors.ts';
import { nulCharacterPath, parseWith } from './validate.ts';

describe('nulCharacterPath', () => {
  it('names the field holding a NUL, in a string, a nested value or a key', () => {
    expect(nulCharacterPath({ name: 'Ama Mensah', email: 'ama@example.com' })).toBeUndefined();
    expect(nulCharacterPath({ name: 'Ama\u0000Mensah' })).toBe('name');
    expect(nulCharacterPath({ stops: [{ town: 'Kumasi' }, { town: 'Ho\u0000' }] })).toBe('stops.1.town');
    expect(nulCharacterPath({ 'bad\u0000key': 1 })).toBe('bad\u0000key');
    expect(nulCharacterPath('a\u0000')).toBe('');
  });

  it('walks a body nested far deeper than the call stack would allow', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`);
    expect(nulCharacterPath(deep)).toBe(Array.from({ length: 200_000 }, () => '0').join('.'));
  });
});

describe('parseWith', () => {
  it('refuses a NUL with a 400 naming the field, even one the schema would drop', () => {
    const schema = z.object({ name: z.string() });
    expect(() => parseWith(schema, { name: 'Ama', extra: '\u0000' })).toThrow(HttpError);
    try {
      parseWith(schema, { name: 'Ama', extra: '\u0000' });
    } catch (error) {
      expect((error as HttpError).statusCode).toBe(400);
      expect((error as HttpError).errors).toEqual([{ field: 'extra', message: 'Text must not contain the NUL character' }]);
    }
    expect(parseWith(schema, { name: 'Ama' })).toEqual({ name: 'Ama' });
  });
});
