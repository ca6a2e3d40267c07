// The closed set of failures a client can see, each with its one HTTP status.
// The HTTP layer maps them once (src/http/error-handler.ts); domain code only
// throws AppError and never knows about status codes.

export const ERROR_STATUS = {
  InterviewNotExist: 404,
  InterviewNotEndException: 404,
  EvalReportGenerationException: 404,
  RecordingCreationException: 500,
  RateLimitReachedException: 429,
  TokenExpiredException: 401,
  InvalidAPIKeyException: 401,
  APIKeyDeactivatedException: 401,
  NotAuthenticated: 401,
  PermissionDeniedException: 403,
  OperationNotPermittedException: 403,
  InsecureWebhookURLNotAllowed: 422,
  WebhookTargetNotAllowed: 422,
  WebhookEndpointNotExist: 404,
  WebhookEndpointLimitReached: 409,
  WebhookDeliveryNotExist: 404,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;

  constructor(readonly code: ErrorCode) {
    super(code);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

/** One field-level problem, in the FastAPI/Pydantic shape the spec uses for 422. */
export interface FieldError {
  loc: (string | number)[];
  msg: string;
  type: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

/** A validation failure found by domain rules after the schema passed (e.g. duplicate asking_order). */
export class RequestValidationError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => `${e.loc.join('.')}: ${e.msg}`).join('; '));
    this.name = 'RequestValidationError';
  }
}
