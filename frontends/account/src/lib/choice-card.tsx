import { IconDisc } from '@krom/ui-kit/line-icon.tsx';
import styled from 'styled-components';

/** What a card offers: its radio value, words, and the SVG path of its line icon (24×24). */
export type Choice<Value extends string> = { value: Value; title: string; text: string; icon: string };

type ChoiceCardProps = Choice<string> & {
  /** The radio group's name. */
  name: string;
  checked: boolean;
  onSelect: () => void;
};

/** A radio group's options as cards, in order; `selected` is the chosen value, if any. */
export function ChoiceCards<Value extends string>({
  name,
  choices,
  selected,
  onSelect,
}: {
  name: string;
  choices: Choice<Value>[];
  selected: Value | null;
  onSelect: (value: Value) => void;
}) {
  return choices.map((choice) => (
    <ChoiceCard key={choice.value} name={name} checked={selected === choice.value} onSelect={() => onSelect(choice.value)} {...choice} />
  ));
}

/** One option of a radio group drawn as a large card, easy to hit with a thumb (role, reset method). */
function ChoiceCard({ name, value, checked, onSelect, icon, title, text }: ChoiceCardProps) {
  return (
    <Card $checked={checked}>
      <input type="radio" name={name} value={value} checked={checked} onChange={onSelect} />
      <IconDisc $size={48} $tone="surface" aria-hidden="true">
        <svg width="26" height="26" viewBox="0 0 24 24">
          <path d={icon} />
        </svg>
      </IconDisc>
      <span>
        <Title>{title}</Title>
        <Text>{text}</Text>
      </span>
    </Card>
  );
}

const Card = styled.label<{ $checked: boolean }>`
  position: relative;
  display: flex;
  align-items: center;
  gap: 14px;
  padding: 16px;
  border: 2px solid ${({ $checked, theme }) => ($checked ? theme.color.primary : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ $checked, theme }) => ($checked ? theme.color.primarySoft : theme.color.background)};
  cursor: pointer;

  input {
    position: absolute;
    inset: 0;
    margin: 0;
    opacity: 0;
    cursor: pointer;
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

const Title = styled.span`
  display: block;
  font-weight: 700;
  font-size: 1.0625rem;
`;

const Text = styled.span`
  display: block;
  color: ${({ theme }) => theme.color.muted};
  font-size: 0.9375rem;
`;
