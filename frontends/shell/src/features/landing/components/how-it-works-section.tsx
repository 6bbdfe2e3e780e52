import styled from 'styled-components';
import { Icon, type IconName } from './icon.tsx';
import { Section, SectionInner, SectionLead, SectionTitle } from './section.tsx';

type Audience = 'riders' | 'drivers';
type Step = { icon: IconName; title: string; text: string };

const steps: Record<Audience, { heading: string; steps: Step[] }> = {
  riders: {
    heading: 'For Riders',
    steps: [
      { icon: 'search', title: 'Search your route', text: 'Tell us where you are leaving from, where you are going and when.' },
      {
        icon: 'compare',
        title: 'Compare drivers',
        text: 'See each driver’s profile, rating and verification before you choose.',
      },
      { icon: 'phone', title: 'Book and pay', text: 'Reserve your seat and pay from your phone in a few taps.' },
    ],
  },
  drivers: {
    heading: 'For Drivers',
    steps: [
      { icon: 'route', title: 'Post your ride', text: 'Add your departure, destination, date and time.' },
      { icon: 'coins', title: 'Set your price', text: 'Choose a price per passenger that covers your fuel.' },
      { icon: 'check', title: 'Confirm and go', text: 'Confirm the ride, accept your passengers and hit the road.' },
    ],
  },
};

/**
 * Phones show one audience at a time (drivers first); wide screens show both side by side. The
 * switch is two radio inputs and CSS shows the chosen audience's steps: it works in the landing
 * served as HTML alone, and the app renders the same elements.
 */
export function HowItWorksSection() {
  return (
    <Section id="how-it-works" aria-labelledby="how-it-works-title">
      <SectionInner>
        <SectionTitle id="how-it-works-title">How It Works</SectionTitle>
        <SectionLead>Three steps whether you are taking a seat or offering one.</SectionLead>
        <Audiences>
          <Toggle role="radiogroup" aria-label="Show steps for">
            {audiences.map((option) => (
              <ToggleOption key={option}>
                <input type="radio" name="how-it-works-audience" value={option} defaultChecked={option === 'drivers'} />
                {steps[option].heading}
              </ToggleOption>
            ))}
          </Toggle>
          <Columns>
            {audiences.map((option) => (
              <Column key={option} data-audience={option} aria-labelledby={`how-${option}`}>
                <ColumnTitle id={`how-${option}`}>{steps[option].heading}</ColumnTitle>
                <Steps>
                  {steps[option].steps.map((step, index) => (
                    <StepItem key={step.title}>
                      <StepIcon>
                        <Icon name={step.icon} />
                      </StepIcon>
                      <div>
                        <StepTitle>
                          {index + 1}. {step.title}
                        </StepTitle>
                        <StepText>{step.text}</StepText>
                      </div>
                    </StepItem>
                  ))}
                </Steps>
              </Column>
            ))}
          </Columns>
        </Audiences>
      </SectionInner>
    </Section>
  );
}

const audiences = ['riders', 'drivers'] as const;

/** Shows the column of the audience whose radio is checked (every column on a wide screen). */
const Audiences = styled.div`
  display: grid;
  gap: 24px;

  ${audiences.map((option) => `&:has(input[value='${option}']:checked) [data-audience='${option}'] { display: grid; }`).join('\n')}
`;

const Toggle = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  padding: 4px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};

  ${({ theme }) => theme.media.lg} {
    display: none;
  }
`;

/** A segment of the switch: the radio itself is invisible (still focusable), its label is the button. */
const ToggleOption = styled.label`
  display: grid;
  place-items: center;
  min-height: 44px;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-weight: 600;
  color: ${({ theme }) => theme.color.muted};
  cursor: pointer;

  input {
    position: absolute;
    opacity: 0;
    width: 1px;
    height: 1px;
    margin: 0;
  }

  &:has(:checked) {
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.onPrimary};
  }

  &:has(:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

const Columns = styled.div`
  display: grid;
  gap: 24px;

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 1fr 1fr;
    gap: 32px;
  }
`;

const Column = styled.section`
  display: none;
  gap: 16px;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.border};

  ${({ theme }) => theme.media.lg} {
    display: grid;
    padding: 28px;
  }
`;

const ColumnTitle = styled.h3`
  font-size: 1.25rem;
`;

const Steps = styled.ol`
  display: grid;
  gap: 20px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StepItem = styled.li`
  display: flex;
  gap: 14px;
  align-items: flex-start;
`;

const StepIcon = styled.span`
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  flex: none;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primary};
`;

const StepTitle = styled.h4`
  font-size: 1.0625rem;
`;

const StepText = styled.p`
  color: ${({ theme }) => theme.color.muted};
`;
