import styled from 'styled-components';
import { Icon, type IconName } from './icon.tsx';
import { Section, SectionInner, SectionLead, SectionTitle } from './section.tsx';

type SafetyPromise = { icon: IconName; title: string; text: string };

const promises: SafetyPromise[] = [
  { icon: 'shield', title: 'Verified profiles', text: 'Members verify their profile with a photo and their ID.' },
  { icon: 'star', title: 'Ratings and reviews', text: 'Riders and drivers review each other after every trip.' },
  { icon: 'lifebuoy', title: 'Emergency support', text: "Ghana's emergency numbers on your booking, and your trip texted to your emergency contact in one tap." },
  { icon: 'pin', title: 'Trip sharing', text: 'Send family and friends a link to your trip: the route, the car and its plate, and whether it has set off.' },
];

export function SafetySection() {
  return (
    <Section aria-labelledby="safety-title">
      <SectionInner>
        <SectionTitle id="safety-title">Your Safety Comes First</SectionTitle>
        <SectionLead>Know who you are travelling with before you set off.</SectionLead>
        <Grid>
          {promises.map((item) => (
            <Item key={item.title}>
              <ItemIcon>
                <Icon name={item.icon} />
              </ItemIcon>
              <ItemTitle>{item.title}</ItemTitle>
              <ItemText>{item.text}</ItemText>
            </Item>
          ))}
        </Grid>
      </SectionInner>
    </Section>
  );
}

const Grid = styled.ul`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: 1fr 1fr;
    gap: 16px;
  }
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(4, 1fr);
  }
`;

const Item = styled.li`
  display: grid;
  gap: 8px;
  align-content: start;
  padding: 18px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
`;

const ItemIcon = styled.span`
  color: ${({ theme }) => theme.color.primary};
`;

const ItemTitle = styled.h3`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  font-size: 1.0625rem;
`;


const ItemText = styled.p`
  color: ${({ theme }) => theme.color.muted};
`;
