import { Button } from '@krom/ui-kit/button.tsx';
import { HeaderBar } from '@krom/ui-kit/header-bar.tsx';
import { Logo } from '@krom/ui-kit/logo.tsx';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { type Choice, ChoiceCards } from '../../../lib/choice-card.tsx';

type Role = 'passenger' | 'driver';

const choices: Choice<Role>[] = [
  {
    value: 'passenger',
    title: 'I want to be a passenger',
    text: 'Book safe and affordable trips',
    icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9c0-3.9 3.1-7 7-7s7 3.1 7 7',
  },
  {
    value: 'driver',
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
          <ChoiceCards name="role" choices={choices} selected={role} onSelect={setRole} />
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
