// Schemas of the Webhook management API, named as in the spec.

import { Type, type Static } from 'typebox';
import { INTERVIEW_KINDS } from '../interviews/enums.js';
import { IntegerEnum, NullableBoolean, NullableInteger, NullableText, Text } from '../common/schema.js';

export const WEBHOOK_EVENTS = ['interview.media_processed', 'webhook.test'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What an endpoint may subscribe to: `webhook.test` only ever fires through the test route. */
export const SUBSCRIBABLE_EVENTS = ['interview.media_processed'] as const;

export const DeliveryStatus = { PENDING: 0, DELIVERING: 1, SUCCESS: 2, FAILED: 3 } as const;
export type DeliveryStatus = (typeof DeliveryStatus)[keyof typeof DeliveryStatus];
export const DELIVERY_STATUS_NAMES = ['PENDING', 'DELIVERING', 'SUCCESS', 'FAILED'] as const;

export const WEBHOOK_LIMITS = { url: 2048, name: 120, description: 2000 } as const;

const URL_DESCRIPTION = 'Absolute http(s) URL.';
const EventTypes = Type.Unsafe<string[] | null>({
  type: ['array', 'null'],
  minItems: 1,
  maxItems: SUBSCRIBABLE_EVENTS.length,
  uniqueItems: true,
  items: { type: 'string', enum: [...SUBSCRIBABLE_EVENTS] },
  description: 'Events to receive; null means all.',
});
const InterviewTypeFilter = NullableInteger({
  minimum: 0,
  maximum: 2,
  description: '0 job, 1 screening, 2 video introduction; null means all.',
});

export const WebhookEndpointCreate = Type.Object(
  {
    url: Text({ maxLength: WEBHOOK_LIMITS.url, description: URL_DESCRIPTION }),
    name: Type.Optional(Text({ minLength: 1, maxLength: WEBHOOK_LIMITS.name, default: 'Default webhook' })),
    description: Type.Optional(NullableText({ maxLength: WEBHOOK_LIMITS.description })),
    interview_type: Type.Optional(InterviewTypeFilter),
    event_types: Type.Optional(EventTypes),
    is_active: Type.Optional(Type.Boolean({ default: true })),
  },
  { title: 'WebhookEndpointCreate' },
);
export type WebhookEndpointCreate = Static<typeof WebhookEndpointCreate>;

/** Partial: omitted fields stay; null clears description, interview_type and event_types, and leaves url, name and is_active unchanged. */
export const WebhookEndpointUpdate = Type.Object(
  {
    url: Type.Optional(NullableText({ maxLength: WEBHOOK_LIMITS.url, description: URL_DESCRIPTION })),
    name: Type.Optional(
      Type.Unsafe<string | null>({ type: ['string', 'null'], minLength: 1, maxLength: WEBHOOK_LIMITS.name, pattern: '^[^\\u0000]*$' }),
    ),
    description: Type.Optional(NullableText({ maxLength: WEBHOOK_LIMITS.description })),
    interview_type: Type.Optional(InterviewTypeFilter),
    event_types: Type.Optional(EventTypes),
    is_active: Type.Optional(NullableBoolean()),
  },
  { title: 'WebhookEndpointUpdate' },
);
export type WebhookEndpointUpdate = Static<typeof WebhookEndpointUpdate>;

const endpointFields = {
  id: Type.String(),
  url: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  interview_type: Type.Union([Type.Integer(), Type.Null()]),
  event_types: Type.Union([Type.Array(Type.String()), Type.Null()]),
  is_active: Type.Boolean({ default: true }),
  secret_masked: Type.String({ default: '', description: 'First 6 characters of the signing secret.' }),
  last_success_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  last_failure_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  created_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
};
export const WebhookEndpointRead = Type.Object(endpointFields, { title: 'WebhookEndpointRead' });
export type WebhookEndpointRead = Static<typeof WebhookEndpointRead>;

export const WebhookEndpointCreated = Type.Object(
  { ...endpointFields, secret: Type.String({ description: 'HMAC-SHA256 signing secret; shown only on create and rotate.' }) },
  { title: 'WebhookEndpointCreated' },
);
export type WebhookEndpointCreated = Static<typeof WebhookEndpointCreated>;

export const WebhookDeliveryRead = Type.Object(
  {
    id: Type.String(),
    endpoint_id: Type.Union([Type.String(), Type.Null()]),
    interview_id: Type.Union([Type.String(), Type.Null()]),
    event: Type.String(),
    event_id: Type.String(),
    target_url: Type.String(),
    status: IntegerEnum([0, 1, 2, 3] as const, { description: '0 PENDING, 1 DELIVERING, 2 SUCCESS, 3 FAILED' }),
    status_name: Type.String(),
    attempts: Type.Integer(),
    max_attempts: Type.Integer(),
    response_status: Type.Union([Type.Integer(), Type.Null()]),
    error: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    delivered_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    duration_ms: Type.Union([Type.Integer(), Type.Null()], { description: 'Duration of the latest attempt.' }),
    next_attempt_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When a pending retry is due.' }),
  },
  { title: 'WebhookDeliveryRead' },
);
export type WebhookDeliveryRead = Static<typeof WebhookDeliveryRead>;

export const WebhookTestResult = Type.Object(
  {
    endpoint_id: Type.String(),
    delivery: WebhookDeliveryRead,
    success: Type.Boolean(),
    detail: Type.Union([Type.String(), Type.Null()]),
  },
  { title: 'WebhookTestResult' },
);
export type WebhookTestResult = Static<typeof WebhookTestResult>;

const ContractEntry = Type.Object({
  interview_type: Type.Integer(),
  kind: Type.String(),
  description: Type.String(),
  evaluation_present: Type.Boolean(),
  evaluation_fields: Type.Array(Type.String()),
  communication_analysis_present: Type.Boolean(),
  sample_payload_key: Type.String(),
});
const AnyObject = Type.Object({}, { additionalProperties: true });

export const WebhookCatalog = Type.Object(
  {
    schema_version: Type.String(),
    events: Type.Array(Type.Object({ event: Type.String(), description: Type.String() })),
    interview_types: Type.Optional(Type.Record(Type.String(), Type.Integer())),
    interview_kinds: Type.Optional(Type.Array(Type.String({ enum: [...INTERVIEW_KINDS] }))),
    signature_header: Type.String(),
    payload_contracts: Type.Optional(Type.Array(ContractEntry)),
    sample_payloads: Type.Object({
      interview_media_processed: Type.Object({ job_interview: AnyObject, screening_interview: AnyObject, video_introduction: AnyObject }),
      webhook_test: AnyObject,
    }),
  },
  { title: 'WebhookCatalog' },
);
export type WebhookCatalog = Static<typeof WebhookCatalog>;

export const EndpointIdParams = Type.Object({ endpoint_id: Text({ minLength: 1, maxLength: 64 }) });
export const DeliveryIdParams = Type.Object({ delivery_id: Text({ minLength: 1, maxLength: 64 }) });

export const EndpointListQuery = Type.Object({
  is_active: Type.Optional(Type.Boolean()),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  offset: Type.Integer({ minimum: 0, maximum: 1_000_000_000, default: 0 }),
});
export type EndpointListQuery = Static<typeof EndpointListQuery>;

export const DeliveryListQuery = Type.Object({
  endpoint_id: Type.Optional(Text({ minLength: 1, maxLength: 64 })),
  interview_id: Type.Optional(Text({ minLength: 1, maxLength: 64 })),
  status: Type.Optional(IntegerEnum([0, 1, 2, 3] as const)),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 50 }),
  offset: Type.Integer({ minimum: 0, maximum: 1_000_000_000, default: 0 }),
});
export type DeliveryListQuery = Static<typeof DeliveryListQuery>;
