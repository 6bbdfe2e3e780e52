import styled from 'styled-components';
import { ButtonLink } from './button-link.tsx';
import { screenExists } from './declared-screens.ts';

/** What a list shows while it has nothing in it: a title, a line of help and maybe a way to start. */
export function EmptyState({ title, text, action }: { title: string; text: string; action?: { to: string; label: string } }) {
  return (
    <Empty>
      <strong>{title}</strong>
      <span>{text}</span>
      {/* No button to a screen not built yet: it would lead to the 404. */}
      {action && screenExists(action.to) ? (
        <ButtonLink to={action.to} $variant="secondary">
          {action.label}
        </ButtonLink>
      ) : null}
    </Empty>
  );
}

const Empty = styled.div`
  display: grid;
  gap: 4px;
  justify-items: center;
  padding: 32px 16px;
  border: 1px dashed ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  text-align: center;
  color: ${({ theme }) => theme.color.muted};

  strong { color: ${({ theme }) => theme.color.text}; font-size: 1.0625rem; }
  a { margin-top: 12px; }
`;
