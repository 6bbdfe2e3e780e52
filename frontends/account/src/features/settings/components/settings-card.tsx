import { type ReactNode, useId } from 'react';
import styled from 'styled-components';

/** One section of the settings page: a titled card, red-edged for the danger zone. */
export function SettingsCard({
  title,
  description,
  danger = false,
  children,
}: {
  title: string;
  description?: string;
  danger?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} $danger={danger}>
      <header>
        <Title id={titleId} $danger={danger}>
          {title}
        </Title>
        {description ? <Description>{description}</Description> : null}
      </header>
      {children}
    </Card>
  );
}

const Card = styled.section<{ $danger: boolean }>`
  display: grid;
  gap: 16px;
  padding: 16px;
  border: 1px solid ${({ $danger, theme }) => ($danger ? theme.color.danger : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.background};
  box-shadow: ${({ theme }) => theme.shadow.card};

  header {
    display: grid;
    gap: 4px;
  }

  ${({ theme }) => theme.media.md} {
    padding: 24px;
  }
`;

const Title = styled.h2<{ $danger: boolean }>`
  font-size: 1.25rem;
  color: ${({ $danger, theme }) => ($danger ? theme.color.danger : theme.color.text)};
`;

const Description = styled.p`
  color: ${({ theme }) => theme.color.muted};
  font-size: 0.9375rem;
`;
