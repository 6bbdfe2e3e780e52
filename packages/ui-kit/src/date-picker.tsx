import { formatPickedDate, ghanaToday, isCalendarDate } from '@krom/contracts/ghana-time';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import styled, { css } from 'styled-components';
import { IconButton } from './button.tsx';
import { CalendarIcon, PickerField, type PickerFieldProps } from './picker-field.tsx';

/**
 * Dates are the spec's yyyy-MM-dd text and are computed in UTC: Ghana keeps GMT all year, so
 * UTC's today is Ghana's today whatever the phone's time zone setting says.
 */
const DAY_MS = 86_400_000;
const toDate = (date: string) => new Date(`${date}T00:00:00Z`);
const toText = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: string, days: number) => toText(new Date(toDate(date).getTime() + days * DAY_MS));
/** Made when a calendar first opens, not while the page's scripts load (locale data costs a phone's main thread). */
let formats: { longDate: Intl.DateTimeFormat; monthTitle: Intl.DateTimeFormat } | undefined;
const calendarFormats = () =>
  (formats ??= {
    longDate: new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
    monthTitle: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  });

type Month = { year: number; month: number };
const monthOf = (date: string): Month => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) - 1 });
const firstOfMonth = ({ year, month }: Month) => toText(new Date(Date.UTC(year, month, 1)));
const shiftMonth = ({ year, month }: Month, by: number): Month => {
  const shifted = new Date(Date.UTC(year, month + by, 1));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() };
};
const sameMonth = (a: Month, b: Month) => a.year === b.year && a.month === b.month;
const monthIndex = ({ year, month }: Month) => year * 12 + month;

/** The month's days as weeks of 7 (Sunday first), with null for the days outside the month. */
function weeksOf(view: Month): (string | null)[][] {
  const first = firstOfMonth(view);
  const leading = toDate(first).getUTCDay();
  const length = new Date(Date.UTC(view.year, view.month + 1, 0)).getUTCDate();
  const cells: (string | null)[] = [...Array<null>(leading).fill(null), ...Array.from({ length }, (_, day) => addDays(first, day))];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

const weekdays = [
  ['Su', 'Sunday'],
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
] as const;

/**
 * The spec's date picker: a field showing the chosen day as `Mon dd, yyyy` that opens a month
 * calendar with previous and next month controls; days before today (in Ghana) are disabled and
 * today is marked. The value is yyyy-MM-dd, or '' for none; a clear control empties it.
 * Arrow keys move between days, Enter chooses, Escape closes. Fits a 360 px screen.
 */
export function DatePicker({ id, label, value, onChange, error }: PickerFieldProps<string>) {
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const calendarId = `${id}-calendar`;

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  return (
    <PickerField
      id={id}
      label={label}
      error={error}
      icon={<CalendarIcon />}
      shown={value ? formatPickedDate(value) : null}
      placeholder="Select a date"
      expanded={open}
      controls={open ? calendarId : undefined}
      onOpen={() => setOpen((isOpen) => !isOpen)}
      onClear={() => {
        onChange('');
        setOpen(false);
      }}
      fieldRef={wrapperRef}
      triggerRef={triggerRef}
    >
      {open ? (
        <Calendar
          id={calendarId}
          label={label}
          value={value}
          onChoose={(date) => {
            onChange(date);
            close();
          }}
          onClose={close}
        />
      ) : null}
    </PickerField>
  );
}

function Calendar({
  id,
  label,
  value,
  onChoose,
  onClose,
}: {
  id: string;
  label: string;
  value: string;
  onChoose: (date: string) => void;
  onClose: () => void;
}) {
  const today = ghanaToday();
  const selected = isCalendarDate(value) ? value : '';
  const [focused, setFocused] = useState(selected && selected >= today ? selected : today);
  const [view, setView] = useState<Month>(monthOf(focused));
  const gridRef = useRef<HTMLTableElement>(null);
  // Opening puts focus on the chosen day (or today), as the ARIA date picker dialog pattern does.
  const moveFocusRef = useRef(true);
  const titleId = `${useId()}-month`;
  const thisMonth = monthOf(today);
  const atFirstMonth = monthIndex(view) <= monthIndex(thisMonth);

  // Focus goes to the day it lands on (once that day's month is drawn).
  useEffect(() => {
    if (!moveFocusRef.current) return;
    moveFocusRef.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  });

  const showMonth = (next: Month) => {
    setView(next);
    // The day that can take focus follows the month shown: the same day number, or the first day allowed.
    const day = Math.min(Number(focused.slice(8, 10)), new Date(Date.UTC(next.year, next.month + 1, 0)).getUTCDate());
    const candidate = toText(new Date(Date.UTC(next.year, next.month, day)));
    setFocused(toText(new Date(Math.max(toDate(candidate).getTime(), toDate(today).getTime()))));
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    const by = moves[event.key];
    if (by === undefined) return;
    event.preventDefault();
    const next = addDays(focused, by);
    if (next < today) return;
    moveFocusRef.current = true;
    setFocused(next);
    if (!sameMonth(monthOf(next), view)) setView(monthOf(next));
  };

  return (
    <Popover
      id={id}
      role="dialog"
      aria-label={`Choose ${label}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <MonthBar>
        <NavButton
          aria-label="Previous month"
          disabled={atFirstMonth}
          onClick={() => {
            const previous = shiftMonth(view, -1);
            showMonth(previous);
            // Back at the first month the button is disabled and would drop focus out of the
            // dialog (to the page, where Escape no longer reaches it): it goes to the day instead.
            if (monthIndex(previous) <= monthIndex(thisMonth)) moveFocusRef.current = true;
          }}
        >
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M12.5 4.5L7 10l5.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </NavButton>
        {/* A label, not a heading: the calendar opens under any heading level (axe: heading-order). */}
        <MonthTitle id={titleId} aria-live="polite">
          {calendarFormats().monthTitle.format(toDate(firstOfMonth(view)))}
        </MonthTitle>
        <NavButton aria-label="Next month" onClick={() => showMonth(shiftMonth(view, 1))}>
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M7.5 4.5L13 10l-5.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </NavButton>
      </MonthBar>
      <Grid ref={gridRef} role="grid" aria-labelledby={titleId} onKeyDown={onGridKeyDown}>
        <thead>
          <tr>
            {weekdays.map(([short, long]) => (
              <th key={short} scope="col" abbr={long}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(view).map((week) => (
            <tr key={week.find(Boolean) ?? 'empty'}>
              {week.map((date, index) =>
                date === null ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: blank cells have nothing else to tell them apart
                  <td key={index} />
                ) : (
                  <td key={date}>
                    <Day
                      type="button"
                      data-date={date}
                      aria-label={calendarFormats().longDate.format(toDate(date))}
                      aria-current={date === today ? 'date' : undefined}
                      aria-pressed={date === selected}
                      disabled={date < today}
                      tabIndex={date === focused ? 0 : -1}
                      $today={date === today}
                      $selected={date === selected}
                      onClick={() => onChoose(date)}
                    >
                      {Number(date.slice(8, 10))}
                    </Day>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </Grid>
    </Popover>
  );
}

/** Under the field, over what follows; 7 columns of 40 px plus padding fit a 360 px screen. */
const Popover = styled.div`
  position: absolute;
  top: 100%;
  left: 0;
  z-index: ${({ theme }) => theme.layer.overlay};
  width: min(100%, 320px);
  min-width: 296px;
  margin-top: 6px;
  padding: 8px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.background};
  box-shadow: ${({ theme }) => theme.shadow.raised};
`;

const MonthBar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
`;

const MonthTitle = styled.p`
  font-size: 1rem;
  font-weight: 700;
`;

const NavButton = styled(IconButton)`
  &:hover:not(:disabled) { background: ${({ theme }) => theme.color.surface}; }
  &:disabled { opacity: 0.35; cursor: not-allowed; }
`;

const Grid = styled.table`
  width: 100%;
  border-collapse: collapse;
  table-layout: fixed;

  th {
    padding: 6px 0;
    font-size: 0.75rem;
    font-weight: 600;
    color: ${({ theme }) => theme.color.muted};
    text-align: center;
  }
  td { padding: 1px; text-align: center; }
`;

const Day = styled.button<{ $today: boolean; $selected: boolean }>`
  width: 100%;
  max-width: 40px;
  aspect-ratio: 1;
  border: 2px solid transparent;
  border-radius: 50%;
  background: transparent;
  font-size: 0.9375rem;
  cursor: pointer;

  &:hover:not(:disabled) { background: ${({ theme }) => theme.color.primarySoft}; }
  &:disabled { color: ${({ theme }) => theme.color.border}; cursor: not-allowed; }
  ${({ $today, theme }) =>
    $today
      ? css`
          border-color: ${theme.color.primary};
          font-weight: 700;
          color: ${theme.color.primary};
        `
      : null}
  ${({ $selected, theme }) =>
    $selected
      ? css`
          &,
          &:hover:not(:disabled) {
            background: ${theme.color.primary};
            color: ${theme.color.onPrimary};
          }
        `
      : null}
`;
