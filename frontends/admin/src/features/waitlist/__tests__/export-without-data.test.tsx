import type { WaitlistSignup } from '@krom/contracts/http/waitlist';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useExportWaitlist } from '../use-export-waitlist.ts';

function ExportNothing() {
  const exportWaitlist = useExportWaitlist();
  const none: WaitlistSignup[] = [];
  return (
    <button type="button" onClick={() => exportWaitlist(none)}>
      Export now
    </button>
  );
}

describe('exporting an empty waitlist', () => {
  it('refuses with the spec message and downloads nothing', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const { user } = renderRoutes([{ path: '/', Component: ExportNothing }], '/');
    await user.click(await screen.findByRole('button', { name: 'Export now' }));
    expect(await findToast()).toEqual({ text: 'No data to exportThere are no waitlist signups to export', destructive: true });
    expect(click).not.toHaveBeenCalled();
  });
});
