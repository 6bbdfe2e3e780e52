import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../testing/render-routes.tsx';
import { Avatar, initialsOf } from './avatar.tsx';

const show = (element: React.ReactNode) => renderRoutes([{ path: '/', element }], '/');

describe('Avatar', () => {
  it('shows the initials of the first and last name until there is a photo', () => {
    show(<Avatar name="Ama Serwaa Mensah" label="Ama Serwaa Mensah" />);
    const avatar = screen.getByRole('img', { name: 'Ama Serwaa Mensah' });
    expect(avatar.textContent).toBe('AM');
    expect(avatar.querySelector('img')).toBeNull();
  });

  it('shows the photo at the size asked for', () => {
    show(<Avatar name="Kofi Boateng" photoUrl="/uploads/kofi.jpg" size={88} label="Kofi Boateng" />);
    const avatar = screen.getByRole('img', { name: 'Kofi Boateng' });
    const photo = avatar.querySelector('img');
    expect(photo?.getAttribute('src')).toBe('/uploads/kofi.jpg');
    expect([photo?.getAttribute('width'), getComputedStyle(avatar).width, getComputedStyle(avatar).height]).toEqual(['88', '88px', '88px']);
    expect(avatar.textContent).toBe('');
  });

  it('falls back to the initials when the photo fails to load', () => {
    show(<Avatar name="Kofi Boateng" photoUrl="/uploads/gone.jpg" label="Kofi Boateng" />);
    const avatar = screen.getByRole('img', { name: 'Kofi Boateng' });
    fireEvent.error(avatar.querySelector('img') as HTMLImageElement);
    expect(avatar.querySelector('img')).toBeNull();
    expect(avatar.textContent).toBe('KB');
  });

  it('without a label it is hidden from screen readers (the name is written beside it)', () => {
    show(
      <p>
        <Avatar name="Esi Owusu" /> Esi Owusu
      </p>,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('EO').getAttribute('aria-hidden')).toBe('true');
  });

  it('makes do with one name, and with none', () => {
    expect(initialsOf('  kwame ')).toBe('K');
    expect(initialsOf('')).toBe('?');
  });
});
