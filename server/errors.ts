/**
 * Errors that services throw and the HTTP layer turns into responses. Anything else is a bug and
 * becomes a 500 with a generic Hebrew message (and a log line), never a stack trace.
 */
export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  readonly status: number;
  readonly errors: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;
  constructor(status: number, message: string, errors?: FieldErrors, headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

export class NotFoundError extends HttpError {
  constructor(message = "לא נמצא") {
    super(404, message);
  }
}

export class ValidationError extends HttpError {
  constructor(errors: FieldErrors, message = "הנתונים שנשלחו אינם תקינים") {
    super(422, message, errors);
  }
}
