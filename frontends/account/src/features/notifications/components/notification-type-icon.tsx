import type { Notification } from '@krom/contracts/http/notifications';
import { IconDisc } from '@krom/ui-kit/line-icon.tsx';

/** One drawing and colour per notification type, so a glance at the list says what each is about. */
const looks: Record<Notification['type'], { path: string; ink: string; soft: string }> = {
  ride_request: {
    path: 'M5 16V11l2-5h10l2 5v5M5 16h14M5 16v2M19 16v2M7.5 13.5h.01M16.5 13.5h.01',
    ink: '#1b63d6',
    soft: '#e8f0fd',
  },
  booking: { path: 'M4 8h16v10H4zM4 8l2-3h12l2 3M9 12h6', ink: '#0a7a4b', soft: '#e6f4ed' },
  payment: { path: 'M3 7h18v10H3zM3 11h18M7 15h3', ink: '#8a5a00', soft: '#fdf3d8' },
  system: { path: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 11v5M12 8h.01', ink: '#55635b', soft: '#eef1ef' },
};

export function NotificationTypeIcon({ type }: { type: Notification['type'] }) {
  const look = looks[type];
  return (
    <IconDisc $size={40} $ink={look.ink} $paper={look.soft} aria-hidden="true" data-type={type}>
      <svg width="20" height="20" viewBox="0 0 24 24">
        <path d={look.path} />
      </svg>
    </IconDisc>
  );
}
