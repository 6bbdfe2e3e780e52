import { type FormEvent, useState } from 'react';

/** A tab's filters as the address keeps them: each key's text, unset keys left out. */
export type FilterValues<Key extends string> = Partial<Record<Key, string>>;

/** The filled ones of `keys`, trimmed: what a tab keeps in the address and sends as its list's query. */
export const filledFilters = <Key extends string>(keys: readonly Key[], values: FilterValues<Key> | URLSearchParams): FilterValues<Key> =>
  Object.fromEntries(
    keys.flatMap((key) => {
      const value = (values instanceof URLSearchParams ? values.get(key) : values[key])?.trim();
      return value ? [[key, value]] : [];
    }),
  ) as FilterValues<Key>;

/**
 * A filter form's draft: each field's props by key, and the submit that hands the filled fields
 * (trimmed) to `onFilters`. The list itself follows `filters` (the address), not the draft.
 */
export function useFilterDraft<Key extends string>(keys: readonly Key[], filters: FilterValues<Key>, onFilters: (filters: FilterValues<Key>) => void) {
  const [draft, setDraft] = useState<FilterValues<Key>>(filters);
  const field = (key: Key) => ({
    name: key,
    value: draft[key] ?? '',
    onValueChange: (value: string) => setDraft((current) => ({ ...current, [key]: value })),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onFilters(filledFilters(keys, draft));
  };
  return { field, onSubmit };
}
