import { formatDateTimeInGhana } from '@krom/contracts/ghana-time';

/** When a message was sent, in Ghana time: `09:30` today, else `22 Nov 2026, 09:30`. */
export function messageTime(instant: string, now: Date = new Date()): string {
  const iso = new Date(instant).toISOString();
  return iso.slice(0, 10) === now.toISOString().slice(0, 10) ? iso.slice(11, 16) : formatDateTimeInGhana(instant);
}
