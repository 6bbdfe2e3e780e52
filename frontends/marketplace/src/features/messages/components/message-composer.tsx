import { Button } from '@krom/ui-kit/button.tsx';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { TextArea } from '../../../components/text-area.tsx';
import { maxMessageLength } from '@krom/contracts/http/message-values';
import { messageTexts } from '../message-texts.ts';

/**
 * Writes one message (1 to 1000 characters). Send is disabled while the message is on its way;
 * the text stays until the server took it, and a refusal is shown in the server's words.
 */
export function MessageComposer({
  onSend,
  sending,
  error,
}: {
  onSend: (text: string, sent: () => void) => void;
  sending: boolean;
  error: string | null;
}) {
  const fieldId = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const blank = text.trim() === '';
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        if (blank || sending) return;
        onSend(text.trim(), () => setText(''));
      }}
    >
      <label htmlFor={fieldId}>{messageTexts.composerLabel}</label>
      <Row>
        <TextArea
          id={fieldId}
          rows={2}
          maxLength={maxMessageLength}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" disabled={sending || blank}>
          {sending ? messageTexts.sending : messageTexts.send}
        </Button>
      </Row>
      <Counter aria-hidden="true">
        {text.length}/{maxMessageLength}
      </Counter>
      {error ? (
        <Failure id={errorId} role="alert">
          {error}
        </Failure>
      ) : null}
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: 4px;

  label { font-weight: 600; font-size: 0.875rem; }
`;

const Row = styled.div`
  display: flex;
  gap: 8px;
  align-items: flex-end;

  textarea { flex: 1; min-width: 0; }
  button { flex: none; }
`;

const Counter = styled.span`
  justify-self: end;
  font-size: 0.75rem;
  color: ${({ theme }) => theme.color.muted};
`;

const Failure = styled.p`
  color: ${({ theme }) => theme.color.danger};
`;
