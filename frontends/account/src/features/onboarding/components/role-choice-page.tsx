import { Button } from '@krom/ui-kit/button.tsx';
import { HeaderBar } from '@krom/ui-kit/header-bar.tsx';
import { Logo } from '@krom/ui-kit/logo.tsx';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';

type Role = 'passenger' | 'driver';

const choices: { role: Role; title: string; text: string; icon: string }[] = [
  {
    role: 'passenger',
    title: 'I want to be a passenger',
    text: 'Book safe and affordable trips',
    icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9c0-3.9 3.1-7 7-7s7 3.1 7 7',
  },
  {
    role: 'driver',
    title: 'I want to be a driver',
    text: 'Earn money sharing your rides',
    icon: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 6a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM3.5 11h5.6M14.9 11h5.6M12 15v6',
  },
];

/** Role choice after registration. The choice only steers this visit; it is not sent to the server. */
export function RoleChoicePage() {
  const navigate = useNavigate();
  const [role, setRole] = useState<Role | null>(null);

  return (
    <>
      <HeaderBar start={<Logo />} />
      <Main>
        <Fieldset>
          <legend>
            <h1>Let's get started</h1>
            <Question>Are you here to ride or drive?</Question>
          </legend>
          {choices.map((choice) => (
            <Choice key={choice.role} $checked={role === choice.role}>
              <input
                type="radio"
                name="role"
                value={choice.role}
                checked={role === choice.role}
                onChange={() => setRole(choice.role)}
              />
              <ChoiceIcon aria-hidden="true">
                <svg width="26" height="26" viewBox="0 0 24 24">
                  <path d={choice.icon} />
                </svg>
              </ChoiceIcon>
              <span>
                <ChoiceTitle>{choice.title}</ChoiceTitle>
                <ChoiceText>{choice.text}</ChoiceText>
              </span>
            </Choice>
          ))}
        </Fieldset>
        <Button $block $size="lg" disabled={role === null} onClick={() => navigate('/dashboard')}>
          Next
        </Button>
      </Main>
    </>
  );
}

const Main = styled.main`
  display: grid;
  gap: 24px;
  max-width: 480px;
  margin: 0 auto;
  padding: 32px 16px 48px;
`;

const Fieldset = styled.fieldset`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    display: grid;
    gap: 6px;
    margin-bottom: 12px;
    padding: 0;
  }
  h1 { font-size: 1.75rem; }
`;

const Question = styled.span`
  color: ${({ theme }) => theme.color.muted};
  font-size: 1.0625rem;
`;

const Choice = styled.label<{ $checked: boolean }>`
  position: relative;
  display: flex;
  align-items: center;
  gap: 14px;
  padding: 18px 16px;
  border: 2px solid ${({ $checked, theme }) => ($checked ? theme.color.primary : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ $checked, theme }) => ($checked ? theme.color.primarySoft : theme.color.background)};
  cursor: pointer;

  input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

const ChoiceIcon = styled.span`
  display: grid;
  place-items: center;
  width: 48px;
  height: 48px;
  flex: none;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.primary};

  svg {
    fill: none;
    stroke: currentColor;
    stroke-width: 1.8;
    stroke-linecap: round;
  }
`;

const ChoiceTitle = styled.span`
  display: block;
  font-weight: 700;
  font-size: 1.0625rem;
`;

const ChoiceText = styled.span`
  display: block;
  color: ${({ theme }) => theme.color.muted};
`;
