// Kysely table types: rows as stored, not API shapes. Timestamps are ISO-8601
// UTC text and booleans are 0/1 integers on both engines, so one set of
// migrations and queries serves SQLite and PostgreSQL alike. JSON is text.

import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  label: string;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  /** SHA-256 of the whole key, hex; the key itself is never stored. */
  key_hash: string;
  /** `sk_int_` plus the first 4 token characters, so an operator can tell keys apart. */
  key_prefix: string;
  /** Comma-separated scopes. */
  scopes: string;
  expires_at: string | null;
  deactivated_at: string | null;
  created_at: string;
}

export interface InterviewsTable {
  id: string;
  /** The principal that created it: `user:<uuid>` or `integration:<name>`. */
  owner_id: string;
  user_id: string | null;
  candidate_id: string;
  job_info_id: string;
  job_title: string;
  primary_tech_focus: string | null;
  experience_level: string | null;
  difficulty_level: string | null;
  interview_type: number;
  language_code: number;
  /** JSON array of StoredQuestion. */
  questions: string;
  platformai_interview_id: number | null;
  userip: string | null;
  call_api_id: string | null;
  call_length: number | null;
  feedback: string | null;
  next_question_index: Generated<number>;
  state: Generated<number>;
  user_disconnected: Generated<number>;
  archival_status: Generated<number>;
  ending_reason: Generated<number>;
  interview_agent_meta: string | null;
  resume_count: number | null;
  created_at: string;
  updated_at: string;
  /** Set when the personal data was erased on request: the candidate link no longer works. */
  erased_at: string | null;
}

export interface TranscriptEntriesTable {
  interview_id: string;
  seq: number;
  role: string;
  content: string;
  created_at: string;
  control_id: string | null;
  video_begin: number | null;
  video_end: number | null;
}

export interface InterviewLogLinesTable {
  id: Generated<number>;
  interview_id: string;
  at: string;
  level: string;
  message: string;
}

export interface WebhookEndpointsTable {
  id: string;
  owner_id: string;
  url: string;
  name: string;
  description: string | null;
  interview_type: number | null;
  /** JSON array of event names, or null for all. */
  event_types: string | null;
  is_active: number;
  /** AES-256-GCM, see src/webhooks/secret-box.ts. */
  secret_ciphertext: string;
  secret_masked: string;
  last_success_at: string | null;
  last_failure_at: string | null;
  created_at: string;
  updated_at: string;
  /** Failed attempts since the last success; past the threshold the endpoint is paused. */
  consecutive_failures: Generated<number>;
  /** The circuit is open until then: no attempt before it. */
  paused_until: string | null;
}

export interface WebhookDeliveriesTable {
  seq: Generated<number>;
  id: string;
  owner_id: string;
  endpoint_id: string | null;
  interview_id: string | null;
  event: string;
  event_id: string;
  dedupe_key: string | null;
  target_url: string;
  /** The exact bytes sent (UTF-8 JSON), identical on every retry and redelivery. */
  payload: string;
  status: number;
  attempts: number;
  max_attempts: number;
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  next_attempt_at: string;
  claim_token: string | null;
  lease_until: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface InterviewSessionsTable {
  interview_id: string;
  context: string;
  started_at: string;
  last_seen_at: string;
  disconnected_at: string | null;
  pending_turn: string | null;
  /** ISO time the candidate agreed (protocol v2 `start`); null for v1 sessions and before consent. */
  consented_at: string | null;
  /** The connection (lease holder id) whose writes count; a taken-over connection's are refused. Null: written before 0013. */
  writer: string | null;
}

/** A node's last heartbeat (src/cluster/node-heartbeats.ts; with REDIS_URL they live in Redis instead). */
export interface ClusterNodesTable {
  node_id: string;
  last_beat_at: string;
}

/** The hash of the interview's current resume token: any node recognises the page that holds the session. */
export interface SessionResumeTokensTable {
  interview_id: string;
  token_hash: string;
  issued_at: string;
}

export interface SessionLeasesTable {
  interview_id: string;
  holder: string;
  expires_at: string;
}

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: string;
  kind: string;
  dedupe_key: string;
  payload: string;
  status: JobStatus;
  attempts: Generated<number>;
  max_attempts: number;
  run_at: string;
  lease_owner: string | null;
  lease_expires_at: string | null;
  last_error: string | null;
  /** Whose work it is (the interview's owner), for the per-tenant limits of a job lane; null: nobody's in particular. */
  tenant: string | null;
  created_at: string;
  updated_at: string;
}

export interface InterviewResultsTable {
  interview_id: string;
  is_complete: number;
  /** builtin, llm, or none (video introductions). */
  evaluator: string;
  /** JSON: { [locale]: EvaluationResult }. */
  results: string;
  created_at: string;
}

export interface InterviewMediaTable {
  interview_id: string;
  /** audio (the mixed MP3) or video (the remuxed WebM). */
  kind: string;
  storage_key: string;
  bytes: number;
  duration_ms: number;
  /** Set when the recording could not be made (a camera upload no video came of): why; the row then has no file. */
  missing_reason: string | null;
  /** Null while only the local recording exists (archival 4); set once stored (archival 1). */
  stored_at: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  api_keys: ApiKeysTable;
  interviews: InterviewsTable;
  transcript_entries: TranscriptEntriesTable;
  interview_log_lines: InterviewLogLinesTable;
  interview_results: InterviewResultsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  interview_sessions: InterviewSessionsTable;
  session_leases: SessionLeasesTable;
  session_resume_tokens: SessionResumeTokensTable;
  jobs: JobsTable;
  interview_media: InterviewMediaTable;
  cluster_nodes: ClusterNodesTable;
}
