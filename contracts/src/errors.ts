import * as v from 'valibot';

// The spec's error catalogue (doc 1, section 8) plus codes of the same style for cases it does not name.
export const ErrorCode = v.picklist([
  'ERR_INTERNAL_SERVER_ERROR',
  'ERR_NO_OTHER_WHATSAPP',
  'ERR_NO_DEF_WAPP_FOUND',
  'ERR_WAPP_NOT_INITIALIZED',
  'ERR_WAPP_CHECK_CONTACT',
  'ERR_WAPP_INVALID_CONTACT',
  'ERR_WAPP_DOWNLOAD_MEDIA',
  'ERR_INVALID_CREDENTIALS',
  'ERR_USER_DONT_EXISTS',
  'ERR_SENDING_WAPP_MSG',
  'ERR_DELETE_WAPP_MSG',
  'ERR_OTHER_OPEN_TICKET',
  'ERR_SESSION_EXPIRED',
  'ERR_USER_CREATION_DISABLED',
  'ERR_NO_PERMISSION',
  'ERR_DUPLICATED_CONTACT',
  'ERR_NO_SETTING_FOUND',
  'ERR_NO_CONTACT_FOUND',
  'ERR_NO_TICKET_FOUND',
  'ERR_NO_USER_FOUND',
  'ERR_NO_WAPP_FOUND',
  'ERR_CREATING_MESSAGE',
  'ERR_CREATING_TICKET',
  'ERR_FETCH_WAPP_MSG',
  'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  'ERR_WAPP_GREETING_REQUIRED',
  // Zelo's additions, same style.
  'ERR_VALIDATION',
  'ERR_SUBSCRIPTION_EXPIRED',
  'ERR_DUPLICATED_EMAIL',
  'ERR_NO_PLAN_FOUND',
  'ERR_NO_QUEUE_FOUND',
  'ERR_NO_MESSAGE_FOUND',
  'ERR_NO_SCHEDULE_FOUND',
  'ERR_NO_COMPANY_FOUND',
  'ERR_INVALID_TICKET_TRANSITION',
  'ERR_TICKET_NOT_OPEN',
  'ERR_MESSAGE_ALREADY_DELETED',
  'ERR_SCHEDULE_ALREADY_SENT',
  'ERR_PLAN_LIMIT_REACHED',
  'ERR_CONCURRENCY',
  'ERR_NOT_FOUND',
  'ERR_RATE_LIMITED',
  'ERR_DUPLICATED_TAG',
  'ERR_NO_TAG_FOUND',
  'ERR_DUPLICATED_SHORTCODE',
  'ERR_NO_QUICK_MESSAGE_FOUND',
  'ERR_MEDIA_TOO_LARGE',
  'ERR_INVALID_TOKEN',
  'ERR_EXTERNAL_API_DISABLED',
  'ERR_TOO_MANY_LOGIN_ATTEMPTS',
  'ERR_WRONG_PASSWORD',
]);
export type ErrorCode = v.InferOutput<typeof ErrorCode>;

/** Body of every 4xx/5xx answer. */
export const ErrorResponse = v.object({
  error: ErrorCode,
  message: v.string(),
  details: v.optional(v.unknown()),
});
export type ErrorResponse = v.InferOutput<typeof ErrorResponse>;

/** HTTP status each code answers with, where it is not 400. */
export const errorStatus: Partial<Record<ErrorCode, number>> = {
  ERR_INVALID_CREDENTIALS: 401,
  ERR_SESSION_EXPIRED: 401,
  ERR_SUBSCRIPTION_EXPIRED: 401,
  ERR_NO_PERMISSION: 403,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_NO_PLAN_FOUND: 404,
  ERR_NO_QUEUE_FOUND: 404,
  ERR_NO_MESSAGE_FOUND: 404,
  ERR_NO_SCHEDULE_FOUND: 404,
  ERR_NO_COMPANY_FOUND: 404,
  ERR_NOT_FOUND: 404,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_DUPLICATED_EMAIL: 409,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  ERR_CONCURRENCY: 409,
  ERR_RATE_LIMITED: 429,
  ERR_DUPLICATED_TAG: 409,
  ERR_NO_TAG_FOUND: 404,
  ERR_DUPLICATED_SHORTCODE: 409,
  ERR_NO_QUICK_MESSAGE_FOUND: 404,
  ERR_MEDIA_TOO_LARGE: 413,
  ERR_INVALID_TOKEN: 401,
  ERR_EXTERNAL_API_DISABLED: 403,
  ERR_TOO_MANY_LOGIN_ATTEMPTS: 429,
  ERR_INTERNAL_SERVER_ERROR: 500,
};

/** A rule of the domain refused a command. Deciders throw it; the API turns it into an ErrorResponse. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = code,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
