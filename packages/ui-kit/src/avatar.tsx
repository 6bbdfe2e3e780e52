import { useState } from 'react';
import styled from 'styled-components';

/** "AM" for Ama Mensah (first and last word): what an avatar shows until a photo exists. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.charAt(0) ?? '';
  const last = words.length > 1 ? (words.at(-1)?.charAt(0) ?? '') : '';
  return `${first}${last}`.toUpperCase() || '?';
}

export type AvatarProps = {
  /** The person's full name: their initials when there is no photo, or it fails to load. */
  name: string;
  photoUrl?: string | null | undefined;
  /** Width and height in px (40 in lists and the header, up to 96 on a profile). */
  size?: number | undefined;
  /**
   * What a screen reader hears for it. Without one the avatar is decorative: the name is
   * written beside it, and it would only be said twice.
   */
  label?: string | undefined;
};

/** A person's photo on a disc, or their initials on the brand colour. */
export function Avatar({ name, photoUrl, size = 40, label }: AvatarProps) {
  // A photo that did not load (deleted, offline) gives way to the initials rather than a broken image.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const photo = photoUrl && photoUrl !== failedUrl ? photoUrl : null;
  const named = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <Disc $size={size} {...named}>
      {photo ? (
        <img src={photo} alt="" width={size} height={size} loading="lazy" decoding="async" onError={() => setFailedUrl(photo)} />
      ) : (
        initialsOf(name)
      )}
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
