/**
 * Errors that services throw and the HTTP layer turns into responses. Anything else is a bug and
 * becomes a 500 with a generic Hebrew message (and a log line), never a stack trace.
 */

import type { FieldErrors } from "../domain/field-errors.ts";
import { heApi } from "../domain/i18n/api.ts";

export type { FieldErrors };

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
  constructor(message: string = heApi.notFound) {
    super(404, message);
  }
}

export class ValidationError extends HttpError {
  constructor(errors: FieldErrors, message: string = heApi.validation) {
    super(422, message, errors);
  }
}

/**
 * 409 for a save whose version is no longer current: carries the record as it is now, so the screen can
 * show what the other save changed (answered as `{ message, data }` with the record's ETag).
 */
export class VersionConflictError extends HttpError {
  readonly current: { version: number };
  constructor(current: { version: number }, message: string = heApi.versionConflict, status: 409 | 412 = 409) {
    super(status, message, undefined, { ETag: `"${current.version}"` });
    this.current = current;
  }
}

/**
 * 412 (RFC 9110 §13.1.1): the save's `If-Match` names no version the record is at now. The JSON API's
 * conditional request; the admin forms send a body `version` and keep their 409. Carries the record as it is.
 */
export class PreconditionFailedError extends VersionConflictError {
  constructor(current: { version: number }) {
    super(current, heApi.preconditionFailed, 412);
  }
}

/** A fault outside us (database down, disk full, image storage away): 503 with a Hebrew message; try again soon. */
export class ServiceUnavailableError extends HttpError {
  constructor(message: string = heApi.unavailable, retryAfterSeconds = 5) {
    super(503, message, undefined, { "Retry-After": String(retryAfterSeconds) });
  }
}
