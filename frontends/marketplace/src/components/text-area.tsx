import { inputStyles } from '@krom/ui-kit/text-field.tsx';
import styled from 'styled-components';

/** A few lines of free text (notes, special requests) in the look of the kit's text fields, taller as the person needs. */
export const TextArea = styled.textarea`
  ${inputStyles}
  resize: vertical;
  font-family: inherit;
`;
