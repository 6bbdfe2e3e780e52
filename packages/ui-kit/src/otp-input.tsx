import {
  type ChangeEvent,
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
  useImperativeHandle,
  useRef,
} from 'react';
import styled from 'styled-components';

/** The spec's codes have 4 digits (sign-up phone code and password reset code). */
export const otpLength = 4;

export const emptyOtp = (): string[] => Array.from({ length: otpLength }, () => '');

export type OtpInputHandle = { focusFirst: () => void };

type OtpInputProps = {
  /** One entry per box, '' when empty. */
  digits: string[];
  onChange: (digits: string[]) => void;
  /** Called once all four boxes hold a digit (the spec's auto-submit). */
  onComplete: (code: string) => void;
  label: string;
  ref?: Ref<OtpInputHandle>;
};

const isDigit = (character: string | undefined) => character !== undefined && /^\d$/.test(character);

/**
 * Four single-digit boxes (spec section 5): one digit 0-9 per box and nothing else; typing moves
 * on, Backspace moves back; a paste is stripped of non-digits and applied only when exactly four
 * digits remain. The first box takes focus when the screen opens.
 */
export function OtpInput({ digits, onChange, onComplete, label, ref }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => boxes.current[index]?.focus();

  useImperativeHandle(ref, () => ({ focusFirst: () => boxes.current[0]?.focus() }), []);

  const apply = (next: string[]) => {
    onChange(next);
    if (next.every(isDigit)) onComplete(next.join(''));
  };

  const applyWholeCode = (text: string) => {
    const code = text.replace(/\D/g, '').slice(0, otpLength);
    if (code.length !== otpLength) return false;
    apply(code.split(''));
    focusBox(otpLength - 1);
    return true;
  };

  const onBoxChange = (index: number, event: ChangeEvent<HTMLInputElement>) => {
    const { value, selectionStart } = event.target;
    if (value === '') {
      apply(digits.map((digit, at) => (at === index ? '' : digit)));
      return;
    }
    const found = value.replace(/\D/g, '');
    // Letters and signs are ignored: the box keeps what it had.
    if (found === '') return;
    // A phone filling the whole code into one box (SMS one-time-code autofill) acts like a paste.
    if (found.length >= otpLength && applyWholeCode(found)) return;
    // The digit just typed is the one before the caret (a full box gets the new digit, not the old).
    const beforeCaret = value[(selectionStart ?? value.length) - 1];
    const typed = isDigit(beforeCaret) ? beforeCaret! : found[found.length - 1]!;
    apply(digits.map((digit, at) => (at === index ? typed : digit)));
    if (index < otpLength - 1) focusBox(index + 1);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      // Each press removes one digit: this box's, or the previous box's when this one is empty.
      const target = digits[index] ? index : Math.max(0, index - 1);
      apply(digits.map((digit, at) => (at === target ? '' : digit)));
      focusBox(target);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < otpLength - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    applyWholeCode(event.clipboardData.getData('text'));
  };

  return (
    <Boxes role="group" aria-label={label}>
      {digits.map((digit, index) => (
        <Box
          // The boxes are positions, fixed in number and order.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1} of ${otpLength}`}
          // The spec puts the first box in focus on load: the code is the screen's only task.
          autoFocus={index === 0}
          value={digit}
          onFocus={(event) => event.target.select()}
          onChange={(event) => onBoxChange(index, event)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
        />
      ))}
    </Boxes>
  );
}

const Boxes = styled.div`
  display: grid;
  grid-template-columns: repeat(${otpLength}, 56px);
  justify-content: center;
  gap: 12px;
`;

const Box = styled.input`
  width: 56px;
  height: 64px;
  padding: 0;
  border: 2px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
  text-align: center;
  font-size: 1.75rem;
  font-weight: 700;
  caret-color: ${({ theme }) => theme.color.primary};

  &:focus { border-color: ${({ theme }) => theme.color.primary}; }
`;
