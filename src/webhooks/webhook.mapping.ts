// Rows to API shapes, and the URL rules of registration.

import { AppError, RequestValidationError } from '../common/errors.js';
import type { DeliveryRow } from './delivery.repository.js';
import type { EndpointRow } from './endpoint.repository.js';
import type { TargetGuard } from './target-guard.js';
import { DELIVERY_STATUS_NAMES, DeliveryStatus, type WebhookDeliveryRead, type WebhookEndpointRead } from './webhook.schemas.js';

export function toEndpointRead(row: EndpointRow): WebhookEndpointRead {
  return {
    id: row.id,
    url: row.url,
    name: row.name,
    description: row.description,
    interview_type: row.interview_type,
    event_types: row.event_types === null ? null : (JSON.parse(row.event_types) as string[]),
    is_active: row.is_active === 1,
    secret_masked: row.secret_masked,
    last_success_at: row.last_success_at,
    last_failure_at: row.last_failure_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toDeliveryRead(row: DeliveryRow): WebhookDeliveryRead {
  const status = row.status as DeliveryStatus;
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    interview_id: row.interview_id,
    event: row.event,
    event_id: row.event_id,
    target_url: row.target_url,
    status,
    status_name: DELIVERY_STATUS_NAMES[status],
    attempts: row.attempts,
    max_attempts: row.max_attempts,
    response_status: row.response_status,
    error: row.error,
    created_at: row.created_at,
    delivered_at: row.delivered_at,
    duration_ms: row.duration_ms,
    next_attempt_at: status === DeliveryStatus.PENDING ? row.next_attempt_at : null,
  };
}

/**
 * An absolute http(s) URL without credentials (422 with a field error otherwise), https unless
 * insecure URLs are allowed, and a public target unless private ones are.
 */
export async function checkWebhookUrl(raw: string, options: { allowInsecureHttp: boolean; guard: TargetGuard }): Promise<void> {
  const invalid = (msg: string, type: string) => new RequestValidationError([{ loc: ['body', 'url'], msg, type, input: raw }]);
  // The URL parser silently drops tabs and newlines and trims spaces; refuse them instead of guessing.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\s\u0000-\u001f\u007f]/.test(raw))
    throw invalid('Input should be a valid URL, whitespace or control characters are not allowed', 'url_parsing');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('Input should be a valid URL, relative URL without a base', 'url_parsing');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid("URL scheme should be 'http' or 'https'", 'url_scheme');
  if (url.hostname === '') throw invalid('Input should be a valid URL, empty host', 'url_parsing');
  // Credentials in the URL would be stored and listed in clear; receivers authenticate by the signature.
  if (url.username !== '' || url.password !== '') {
    throw invalid('Input should be a valid URL without user:password@ credentials; verify the signature instead', 'url_credentials');
  }
  if (url.protocol === 'http:' && !options.allowInsecureHttp) throw new AppError('InsecureWebhookURLNotAllowed');
  const verdict = await options.guard.check(raw);
  if (!verdict.allowed) throw new AppError('WebhookTargetNotAllowed');
}
