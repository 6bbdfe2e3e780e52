import { type ButtonStyleProps, buttonStyles } from './button.tsx';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

/** A router link that looks like the UI kit's button (for navigation, not actions). */
export const ButtonLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;
