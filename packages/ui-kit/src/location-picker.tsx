import { autocompletePlaces, getPlaceDetails } from '@krom/contracts/api-routes';
import { isSearchablePlaceQuery, maxPlaceSuggestions, placeQueryMaxLength } from '@krom/contracts/http/place-values';
import type { PlaceDetails, PlaceSuggestion } from '@krom/contracts/http/places';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styled, { css } from 'styled-components';
import { IconButton } from './button.tsx';
import { callEndpoint } from './call-endpoint.ts';
import { ModalDialog } from './modal-dialog.tsx';
import { ClearButton, ClearIcon, PickerField, type PickerFieldProps, PinIcon } from './picker-field.tsx';

/** The spec's texts (ride marketplace, "Location picker dialog"). */
const texts = {
  idle: 'Start typing to search locations',
  searching: 'Searching locations...',
  noneFound: 'No locations found',
  noneFoundHint: 'Try searching for a city or landmark in Ghana',
  detailsFailed: 'That location could not be loaded. Please try again.',
} as const;

/** Long enough that a phone on 3G does not send a request per keystroke, short enough to feel live. */
const DEBOUNCE_MS = 250;

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * Suggestions for the typed text from GET /api/places/autocomplete, once it is longer than 2
 * characters (or exactly a short town's name: Ho, Wa) and the typing has paused. The query's AbortSignal is handed to fetch, so a request
 * for text the user has typed past is aborted when its answer is no longer wanted (react-query
 * cancels a query that loses its last observer). A failure counts as no result (spec).
 */
function usePlaceSuggestions(text: string) {
  const typed = text.trim();
  const debounced = useDebouncedValue(typed, DEBOUNCE_MS);
  const searchable = isSearchablePlaceQuery(typed);
  const query = useQuery({
    queryKey: [autocompletePlaces.path, debounced],
    queryFn: ({ signal }) => callEndpoint(autocompletePlaces, { query: { q: debounced }, signal }),
    enabled: isSearchablePlaceQuery(debounced),
    placeholderData: keepPreviousData,
  });
  if (!searchable) return { state: 'idle' as const, suggestions: [], attribution: undefined };
  const suggestions = (query.isError ? [] : (query.data?.suggestions ?? [])).slice(0, maxPlaceSuggestions);
  const attribution = query.data?.attribution;
  if (debounced !== typed || query.isFetching) return { state: 'searching' as const, suggestions, attribution };
  return { state: suggestions.length > 0 ? ('results' as const) : ('empty' as const), suggestions, attribution };
}

/**
 * The spec's location picker: a dialog with a search box limited to Ghana. Suggestions appear
 * after more than 2 characters (at most 8); choosing one loads its details, hands the selection
 * to `onSelect` and closes. Closing clears the query (the dialog's state goes with it).
 * Focus stays inside while it is open, Escape closes it, and focus returns to where it was.
 */
export function LocationPickerDialog({
  open,
  onClose,
  onSelect,
  title = 'Choose a location',
}: {
  open: boolean;
  onClose: () => void;
  onSelect: (place: PlaceDetails) => void;
  title?: string;
}) {
  if (!open) return null;
  // A portal: the dialog's search box is then outside any form the field sits in, so Enter there
  // never submits that form.
  return createPortal(<PickerDialog onClose={onClose} onSelect={onSelect} title={title} />, document.body);
}

function PickerDialog({ onClose, onSelect, title }: { onClose: () => void; onSelect: (place: PlaceDetails) => void; title: string }) {
  const ids = useId();
  const titleId = `${ids}-title`;
  const listId = `${ids}-list`;
  const optionId = (index: number) => `${ids}-option-${index}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  const [choosing, setChoosing] = useState<string | null>(null);
  const [detailsFailed, setDetailsFailed] = useState(false);
  const { state, suggestions, attribution } = usePlaceSuggestions(text);

  // A new list starts with nothing highlighted.
  const listKey = suggestions.map((suggestion) => suggestion.placeId).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the list itself changes
  useEffect(() => setActive(-1), [listKey]);

  const choose = async (suggestion: PlaceSuggestion) => {
    if (choosing) return;
    setChoosing(suggestion.placeId);
    setDetailsFailed(false);
    try {
      const place = await queryClient.fetchQuery({
        queryKey: [getPlaceDetails.path, suggestion.placeId],
        queryFn: ({ signal }) => callEndpoint(getPlaceDetails, { params: { placeId: suggestion.placeId }, signal }),
      });
      onSelect(place);
      onClose();
    } catch (error) {
      console.warn('Could not load the chosen place.', error);
      setDetailsFailed(true);
      setChoosing(null);
    }
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const suggestion = suggestions[active] ?? (suggestions.length === 1 ? suggestions[0] : undefined);
      if (suggestion) void choose(suggestion);
    }
  };

  const showList = suggestions.length > 0 && (state === 'results' || state === 'searching');
  return (
    <ModalDialog layout="sheet" labelledBy={titleId} initialFocus={inputRef} onClose={onClose} closeOnOverlay>
      <Header>
        <h2 id={titleId}>{title}</h2>
        <CloseButton aria-label="Close" onClick={onClose}>
          <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true">
            <path d="M5 5l12 12M17 5L5 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </CloseButton>
      </Header>
      <SearchBox>
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          ref={inputRef}
          type="text"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          role="combobox"
          aria-label="Search locations"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          placeholder="Search for a town, station or landmark"
          // The server searches at most this much text; longer is cut here rather than refused there.
          maxLength={placeQueryMaxLength}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setDetailsFailed(false);
          }}
          onKeyDown={onInputKeyDown}
        />
        {text ? (
          <ClearButton
            aria-label="Clear search"
            onClick={() => {
              setText('');
              inputRef.current?.focus();
            }}
          >
            <ClearIcon />
          </ClearButton>
        ) : null}
      </SearchBox>
      {/* The results scroll on their own (a long list on a short screen): a keyboard can reach and scroll them. */}
      <Body tabIndex={0} role="region" aria-label="Search results">
        <Status role="status">
          {detailsFailed ? <ErrorLine>{texts.detailsFailed}</ErrorLine> : null}
          {state === 'idle' ? <p>{texts.idle}</p> : null}
          {state === 'searching' ? <p>{texts.searching}</p> : null}
          {state === 'empty' ? (
            <>
              <strong>{texts.noneFound}</strong>
              <p>{texts.noneFoundHint}</p>
            </>
          ) : null}
        </Status>
        <Suggestions id={listId} role="listbox" aria-label="Suggested locations" $stale={state === 'searching'} hidden={!showList}>
          {showList
            ? suggestions.map((suggestion, index) => (
                <Suggestion
                  key={suggestion.placeId}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  aria-busy={choosing === suggestion.placeId}
                  $active={index === active}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => void choose(suggestion)}
                >
                  <PinIcon size={18} />
                  <span>
                    <strong>{suggestion.name}</strong>
                    <small>
                      <Hidden>,</Hidden> {suggestion.description}
                    </small>
                  </span>
                </Suggestion>
              ))
            : null}
        </Suggestions>
      </Body>
      {/* The place data's licence asks for its attribution wherever it is shown. */}
      {attribution ? <Attribution>{attribution}</Attribution> : null}
    </ModalDialog>
  );
}

function localityOf(place: PlaceDetails): string {
  const parts = [place.district, place.region].filter((part): part is string => Boolean(part) && part !== place.name);
  return parts.length > 0 ? parts.join(', ') : place.formatted_address === place.name ? '' : place.formatted_address;
}

/**
 * A form field showing the chosen place (its name, and the locality and region under it) that
 * opens the location picker; a clear control empties it. `id` is the field's button, for labels
 * and focus; the field's name is its label followed by what it shows.
 */
export function LocationField({
  id,
  label,
  placeholder = 'Choose a location',
  value,
  onChange,
  error,
  triggerRef,
}: PickerFieldProps<PlaceDetails | null> & {
  placeholder?: string;
  /** The field's button, for a dialog that puts focus on it first. */
  triggerRef?: RefObject<HTMLButtonElement | null>;
}) {
  const [open, setOpen] = useState(false);
  const locality = value ? localityOf(value) : '';
  return (
    <PickerField
      id={id}
      label={label}
      error={error}
      icon={<PinIcon size={20} />}
      shown={
        value ? (
          <>
            <strong>{value.name}</strong>
            {locality ? (
              <small>
                <Hidden>,</Hidden> {locality}
              </small>
            ) : null}
          </>
        ) : null
      }
      placeholder={placeholder}
      stacked
      onOpen={() => setOpen(true)}
      onClear={() => onChange(null)}
      triggerRef={triggerRef}
    >
      <LocationPickerDialog open={open} onClose={() => setOpen(false)} onSelect={onChange} title={label} />
    </PickerField>
  );
}

const Hidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 8px 8px 0 16px;

  h2 { font-size: 1.125rem; }
`;

const CloseButton = styled(IconButton)`
  &:hover { background: ${({ theme }) => theme.color.surface}; }
`;

const SearchBox = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  margin: 8px 16px;
  padding: 0 4px 0 12px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.muted};

  &:focus-within { border-color: ${({ theme }) => theme.color.primary}; }

  svg { flex: none; }
  input {
    flex: 1;
    min-width: 0;
    min-height: 48px;
    border: 0;
    outline: none;
    background: transparent;
    font-size: 1rem;
    color: ${({ theme }) => theme.color.text};
  }
`;

const Body = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  padding: 0 8px 8px;
`;

const Status = styled.div`
  padding: 0 8px;
  color: ${({ theme }) => theme.color.muted};

  > * { padding-top: 12px; }
  strong { display: block; color: ${({ theme }) => theme.color.text}; }
  strong + p { padding-top: 2px; }
`;

const ErrorLine = styled.p`
  color: ${({ theme }) => theme.color.danger};
`;

const Suggestions = styled.ul<{ $stale: boolean }>`
  margin: 8px 0 0;
  padding: 0;
  list-style: none;
  opacity: ${({ $stale }) => ($stale ? 0.6 : 1)};
`;

const Suggestion = styled.li<{ $active: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: 10px;
  min-height: 52px;
  padding: 10px 8px;
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;
  ${({ $active, theme }) =>
    $active
      ? css`
          background: ${theme.color.primarySoft};
        `
      : null}

  svg { flex: none; margin-top: 2px; color: ${({ theme }) => theme.color.primary}; }
  span { display: grid; min-width: 0; }
  strong { font-weight: 600; overflow-wrap: anywhere; }
  small { font-size: 0.875rem; color: ${({ theme }) => theme.color.muted}; overflow-wrap: anywhere; }
  &[aria-busy='true'] { opacity: 0.6; cursor: progress; }
`;

const Attribution = styled.p`
  padding: 8px 16px 12px;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  font-size: 0.75rem;
  color: ${({ theme }) => theme.color.muted};
`;
