export { InterviewServiceClient, type CallOptions, type ClientOptions, type Schemas, type WaitOptions } from './client.js';
export { parseRetryAfter, type ApiError, type ApiResult, type ErrorCode, type ValidationIssue } from './results.js';
export type { components, paths } from './schema.js';
export {
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifyWebhook,
  type HeaderSource,
  type VerifyWebhookInput,
  type WebhookEvent,
  type WebhookVerification,
} from './webhooks.js';
