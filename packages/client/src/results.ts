// What every call answers: the response body on success, or the service's
// error shape. Errors are values, not throws: a 404 for an interview that does
// not exist is an answer the caller branches on. Only a network failure (no
// response at all) throws, as fetch does.

/** The error messages the service answers with in `{ detail }` (the API contract's list and the service's own). */
export type ErrorCode =
  | 'InterviewNotExist'
  | 'InterviewNotEndException'
  | 'EvalReportGenerationException'
  | 'RecordingCreationException'
  | 'RateLimitReachedException'
  | 'TokenExpiredException'
  | 'InvalidAPIKeyException'
  | 'APIKeyDeactivatedException'
  | 'NotAuthenticated'
  | 'PermissionDeniedException'
  | 'OperationNotPermittedException'
  | 'InsecureWebhookURLNotAllowed'
  | 'WebhookTargetNotAllowed'
  | 'WebhookEndpointNotExist'
  | 'WebhookEndpointLimitReached'
  | 'WebhookDeliveryNotExist';

/** One field-level problem of a 422 answer. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

export type ApiError =
  /** 422: the request failed validation, field by field. */
  | { kind: 'validation'; status: 422; issues: ValidationIssue[] }
  /** Any other error: `{ detail: string }`; `code` when the detail is one of the known messages. */
  | { kind: 'error'; status: number; detail: string; code: ErrorCode | null; retryAfterSeconds: number | null };

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError };

const KNOWN_CODES = new Set<string>([
  'InterviewNotExist',
  'InterviewNotEndException',
  'EvalReportGenerationException',
  'RecordingCreationException',
  'RateLimitReachedException',
  'TokenExpiredException',
  'InvalidAPIKeyException',
  'APIKeyDeactivatedException',
  'NotAuthenticated',
  'PermissionDeniedException',
  'OperationNotPermittedException',
  'InsecureWebhookURLNotAllowed',
  'WebhookTargetNotAllowed',
  'WebhookEndpointNotExist',
  'WebhookEndpointLimitReached',
  'WebhookDeliveryNotExist',
]);

/** Reads an error response into its shape; a body that is not the service's (a proxy's HTML page) keeps its status and a short text. */
export async function readApiError(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  const detail = typeof body === 'object' && body !== null ? (body as { detail?: unknown }).detail : undefined;
  if (response.status === 422 && Array.isArray(detail)) {
    return { kind: 'validation', status: 422, issues: detail as ValidationIssue[] };
  }
  const message = typeof detail === 'string' ? detail : text.slice(0, 200) || `HTTP ${response.status}`;
  return {
    kind: 'error',
    status: response.status,
    detail: message,
    code: KNOWN_CODES.has(message) ? (message as ErrorCode) : null,
    retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
  };
}

/** Retry-After as delta seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date = new Date()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}
