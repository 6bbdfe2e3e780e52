import type { User } from '@krom/contracts/http/auth';
import styled from 'styled-components';

type AvatarUser = Pick<User, 'firstName' | 'lastName' | 'profileImageUrl'>;

/** "AM" for Ama Mensah: what the avatar shows until a profile photo exists. */
export function initialsOf(user: Pick<User, 'firstName' | 'lastName'>): string {
  const first = user.firstName.trim().charAt(0);
  const last = user.lastName.trim().charAt(0);
  return `${first}${last}`.toUpperCase() || '?';
}

/** The user's profile photo, or their initials on a coloured disc. Decorative: callers label it. */
export function UserAvatar({ user, size = 40 }: { user: AvatarUser; size?: number }) {
  return (
    <Disc $size={size} aria-hidden="true">
      {user.profileImageUrl ? <img src={user.profileImageUrl} alt="" width={size} height={size} /> : initialsOf(user)}
    </Disc>
  );
}

const Disc = styled.span<{ $size: number }>`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  overflow: hidden;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font-weight: 700;
  font-size: ${({ $size }) => Math.round($size * 0.4)}px;
  letter-spacing: 0.02em;
  user-select: none;

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;
