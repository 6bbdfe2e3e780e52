import styled, { css } from 'styled-components';

/** Krom's icons are line drawings in the text colour: paths are stroked, never filled. */
export const lineIconStyles = css`
  svg {
    fill: none;
    stroke: currentColor;
    stroke-width: 1.8;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
`;

type IconDiscProps = {
  /** Width and height in pixels. */
  $size: number;
  /** 'soft' is the primary tint, 'surface' the neutral one; `$ink`/`$paper` give other colours. */
  $tone?: 'soft' | 'surface';
  $ink?: string;
  $paper?: string;
  $strokeWidth?: number;
};

/** A line icon centred in a round badge, as on cards, list items and confirmations. */
export const IconDisc = styled.span<IconDiscProps>`
  display: grid;
  place-items: center;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  background: ${({ $paper, $tone, theme }) => $paper ?? ($tone === 'surface' ? theme.color.surface : theme.color.primarySoft)};
  color: ${({ $ink, theme }) => $ink ?? theme.color.primary};

  ${lineIconStyles}
  ${({ $strokeWidth }) => ($strokeWidth ? css`svg { stroke-width: ${$strokeWidth}; }` : null)}
`;
