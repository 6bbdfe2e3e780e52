import type { ZodError } from 'zod';

/** An error whose status and message are meant for the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 400 from a failed contract parse: the first problem is the message, all are listed. */
export function validationError(error: ZodError): HttpError {
  const errors = error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  return new HttpError(400, errors[0]?.message ?? 'Invalid request', errors);
}
