import { useId } from 'react';
import styled from 'styled-components';

/** A labelled on/off switch: a native checkbox announced as a switch, sized for a thumb. */
export function ToggleRow({
  label,
  description,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <Row htmlFor={id}>
      <Text>
        <strong>{label}</strong>
        <span id={`${id}-description`}>{description}</span>
      </Text>
      <Switch
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={`${id}-description`}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
    </Row>
  );
}

const Row = styled.label`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  padding: 12px 0;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  cursor: pointer;
`;

const Text = styled.span`
  display: grid;
  gap: 2px;
  min-width: 0;

  span {
    font-size: 0.875rem;
    color: ${({ theme }) => theme.color.muted};
  }
`;

const Switch = styled.input`
  flex: none;
  position: relative;
  width: 52px;
  height: 30px;
  margin: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.border};
  appearance: none;
  cursor: pointer;
  transition: background-color 120ms ease;

  &::after {
    content: '';
    position: absolute;
    top: 3px;
    left: 3px;
    width: 24px;
    height: 24px;
    border-radius: 50%;
    background: #fff;
    box-shadow: 0 1px 3px rgba(0, 0, 0, 0.25);
    transition: transform 120ms ease;
  }
  &:checked { background: ${({ theme }) => theme.color.primary}; }
  &:checked::after { transform: translateX(22px); }
  &:disabled { cursor: wait; opacity: 0.6; }
`;
